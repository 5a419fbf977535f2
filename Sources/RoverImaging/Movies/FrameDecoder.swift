/// Reads a movie frame's file through ``ImageCodec`` and brings it to 8 bits, grey or RGB.
enum FrameDecoder {
  /// - Throws: `MovieError.undecodable` with the codec's reason.
  static func decode(_ path: String) throws(MovieError) -> MovieFrame {
    let raster: Raster
    do {
      raster = try ImageCodec.decode(contentsOf: path)
    } catch {
      throw .undecodable(path: path, reason: error.reason)
    }
    return frame(raster)
  }

  /// 16-bit samples keep their high byte; alpha, if any, is dropped.
  static func frame(_ raster: Raster) -> MovieFrame {
    // The common case, 8-bit grey or RGB, is already laid out as a movie frame: no copy.
    if raster.bitDepth == 8, raster.channels == 1 || raster.channels == 3 {
      return MovieFrame(width: raster.width, height: raster.height, channels: raster.channels, samples: raster.bytes)
    }
    let colour = raster.channels >= 3
    let channels = colour ? 3 : 1
    let pixels = raster.width * raster.height
    var samples = [UInt8](repeating: 0, count: pixels * channels)
    raster.bytes.withUnsafeBytes { raw in
      for pixel in 0..<pixels {
        for channel in 0..<channels {
          let index = pixel * raster.channels + channel
          samples[pixel * channels + channel] =
            raster.bitDepth == 8
            ? raw[index] : UInt8(raw.loadUnaligned(fromByteOffset: 2 * index, as: UInt16.self) >> 8)
        }
      }
    }
    return MovieFrame(width: raster.width, height: raster.height, channels: channels, samples: samples)
  }
}
