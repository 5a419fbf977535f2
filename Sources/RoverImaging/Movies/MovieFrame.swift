/// One decoded frame as the movie code works on it: 8-bit samples, grey (1 channel) or RGB (3), row by row.
///
/// Why its own type: the GIF and the difference need 8-bit samples in one layout whatever the file held (16-bit
/// PNGs, grey JPEGs); converting once at decode keeps the rest simple. One frame is all that is ever held.
package struct MovieFrame: Sendable, Equatable {
  package var width: Int
  package var height: Int
  /// 1 (grey) or 3 (RGB).
  package var channels: Int
  /// `width * height * channels` samples.
  package var samples: [UInt8]

  package init(width: Int, height: Int, channels: Int, samples: [UInt8]) {
    precondition(samples.count == width * height * channels, "samples do not fill the frame")
    self.width = width
    self.height = height
    self.channels = channels
    self.samples = samples
  }

  /// The frame with `channels` channels: grey repeated into RGB, or RGB to grey by Rec. 601 luma.
  package func converted(to channels: Int) -> MovieFrame {
    guard channels != self.channels else { return self }
    var out = [UInt8](repeating: 0, count: width * height * channels)
    let pixels = width * height
    if channels == 3 {
      for index in 0..<pixels {
        let grey = samples[index]
        out[index * 3] = grey
        out[index * 3 + 1] = grey
        out[index * 3 + 2] = grey
      }
    } else {
      for index in 0..<pixels {
        let red = Int(samples[index * 3])
        let green = Int(samples[index * 3 + 1])
        let blue = Int(samples[index * 3 + 2])
        out[index] = UInt8((299 * red + 587 * green + 114 * blue + 500) / 1000)
      }
    }
    return MovieFrame(width: width, height: height, channels: channels, samples: out)
  }
}
