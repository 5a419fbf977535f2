@testable import RoverImaging

/// Synthetic frames for the movie tests (constructed: no real frames hold a known moving blob).
enum MovieFrames {
  /// A `width`×`height` grey frame: a fixed texture (a diagonal ramp with a checker), plus a bright square blob of
  /// side `blob` at (`x`, `y`) when given.
  static func grey(width: Int = 48, height: Int = 32, blobAt position: (x: Int, y: Int)? = nil, blob: Int = 6)
    -> MovieFrame
  {
    var samples = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        samples[y * width + x] = UInt8(40 + (x + y) % 60 + ((x / 4 + y / 4) % 2) * 30)
      }
    }
    if let position {
      for y in position.y..<min(height, position.y + blob) {
        for x in position.x..<min(width, position.x + blob) { samples[y * width + x] = 250 }
      }
    }
    return MovieFrame(width: width, height: height, channels: 1, samples: samples)
  }

  /// A flat RGB frame of one colour.
  static func colour(width: Int = 16, height: Int = 8, _ rgb: (UInt8, UInt8, UInt8)) -> MovieFrame {
    MovieFrame(
      width: width, height: height, channels: 3,
      samples: (0..<(width * height)).flatMap { _ in [rgb.0, rgb.1, rgb.2] })
  }
}
