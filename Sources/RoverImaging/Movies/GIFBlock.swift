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
  /// The block's bytes, a little smaller than the frame's pixels for Navcam frames.
  package let bytes: [UInt8]

  /// Encodes `frame` for a GIF of `channels` channels, converting it first if it has the other count.
  ///
  /// - Throws: `MovieError.encoder` (with `path`, the GIF the block is for) when giflib fails (out of memory).
  package init(encoding frame: MovieFrame, channels: Int, path: String) throws(MovieError) {
    var samples = frame.converted(to: channels).samples
    var block = rover_gif_block()
    let status = samples.withUnsafeMutableBufferPointer { buffer in
      rover_gif_encode_block(
        Int32(clamping: frame.width), Int32(clamping: frame.height), channels == 1 ? 0 : 1, buffer.baseAddress,
        &block)
    }
    defer { rover_gif_free_block(&block) }
    guard status == 0 else { throw .encoder(path: path, reason: String(cString: rover_gif_error(status))) }
    width = frame.width
    height = frame.height
    self.channels = channels
    bytes = [UInt8](UnsafeBufferPointer(start: block.bytes, count: block.count))
  }
}
