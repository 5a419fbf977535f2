internal import CGif

/// What an animated GIF holds, read back through giflib (DGifSlurp reads it whole: for checks of small files and
/// tests, never for a movie being made).
package struct GIFFile: Sendable, Equatable {
  package var width: Int
  package var height: Int
  package var frames: Int
  /// Each frame's delay in hundredths of a second (-1 for a frame without a graphics control block).
  package var delays: [Int]
  /// The NETSCAPE2.0 loop count: 0 loops forever, nil when the GIF does not loop.
  package var loops: Int?

  /// Reads the GIF at `path`; nil when giflib cannot.
  package init?(path: String) {
    var width: Int32 = 0
    var height: Int32 = 0
    var frames: Int32 = 0
    var loops: Int32 = -1
    var delays = [Int32](repeating: 0, count: 4096)
    let status = delays.withUnsafeMutableBufferPointer { buffer in
      rover_gif_inspect(path, &width, &height, &frames, buffer.baseAddress, Int32(buffer.count), &loops)
    }
    guard status == 0 else { return nil }
    self.width = Int(width)
    self.height = Int(height)
    self.frames = Int(frames)
    self.delays = delays.prefix(min(Int(frames), delays.count)).map(Int.init)
    self.loops = loops < 0 ? nil : Int(loops)
  }

  /// Frame `index` as RGB triples, row by row (the palette applied); nil for a bad index.
  package static func rgb(path: String, frame index: Int, width: Int, height: Int) -> [UInt8]? {
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    let status = rgb.withUnsafeMutableBufferPointer { buffer in
      rover_gif_frame_rgb(path, Int32(index), buffer.baseAddress, buffer.count)
    }
    return status == 0 ? rgb : nil
  }
}
