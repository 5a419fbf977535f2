internal import CGif

/// One frame encoded alone by giflib: its image descriptor and LZW data, ready for ``GIFWriter/add(_:delay:)`` of a
/// GIF of the same size and palette.
///
/// Why apart from the writer: a GIF's frames are independent LZW streams, and giflib's encoder is most of the time
/// a movie takes, so frames are encoded on several tasks at once and appended in order. Immutable: `Sendable`.
package struct GIFBlock: Sendable {
  package let width: Int
  package let height: Int
  /// 1 for the 256-grey palette, 3 for the 6×7×6 colour cube.
  package let channels: Int
  /// The block's bytes (for Navcam frames a little fewer than the pixels); the storage reserves the worst case,
  /// 1.5 bytes a pixel, of which only the written part is ever touched.
  package let bytes: [UInt8]

  /// Encodes `frame` for a GIF of `channels` channels, converting it first if it has the other count.
  ///
  /// - Throws: `MovieError.encoder` (with `path`, the GIF the block is for) when giflib fails (out of memory).
  package init(encoding frame: MovieFrame, channels: Int, path: String) throws(MovieError) {
    let (width, height) = (Int32(clamping: frame.width), Int32(clamping: frame.height))
    var status: Int32 = 0
    // giflib writes straight into the array's storage: the block is never copied.
    bytes = frame.converted(to: channels).samples.withUnsafeBufferPointer { pixels in
      [UInt8](unsafeUninitializedCapacity: rover_gif_block_capacity(width, height)) { buffer, count in
        var written = 0
        status = rover_gif_encode_block(
          width, height, channels == 1 ? 0 : 1, pixels.baseAddress, buffer.baseAddress, buffer.count, &written)
        count = status == 0 ? written : 0
      }
    }
    guard status == 0 else { throw .encoder(path: path, reason: String(cString: rover_gif_error(status))) }
    self.width = frame.width
    self.height = frame.height
    self.channels = channels
  }
}
