/// Change detection, after mru's `diffgif`: each frame minus the movie's mean frame, low-passed by a box filter, its
/// levels stretched so the largest change reaches black or white, the sign kept (mid-grey is no change; brighter
/// than the mean is above it, darker below).
///
/// Why: a dust devil or a cloud changes a few grey levels against a scene that does not move; subtracting the mean
/// removes the scene, the box filter removes pixel noise and JPEG blocks, and the stretch makes the faint change
/// visible. The mean takes one pass over the frames; only its running sum is kept, never the frames.
package struct MovieDifference: Sendable {
  package let width: Int
  package let height: Int
  package let channels: Int
  /// The side of the box filter in pixels (odd; 1 turns it off).
  package let boxSize: Int
  private var sum: [Double]
  private var count = 0

  package init(width: Int, height: Int, channels: Int, boxSize: Int = 5) {
    self.width = width
    self.height = height
    self.channels = channels
    self.boxSize = max(1, boxSize | 1)
    sum = [Double](repeating: 0, count: width * height * channels)
  }

  /// Adds a frame of this size and channel count to the mean.
  package mutating func add(_ frame: MovieFrame) {
    precondition(frame.samples.count == sum.count, "frame size differs from the movie's")
    for index in sum.indices { sum[index] += Double(frame.samples[index]) }
    count += 1
  }

  /// The frame's difference from the mean so far, filtered and stretched, as an 8-bit frame of the same shape.
  package func difference(_ frame: MovieFrame) -> MovieFrame {
    precondition(frame.samples.count == sum.count, "frame size differs from the movie's")
    let scale = count > 0 ? 1 / Double(count) : 0
    var signed = [Double](repeating: 0, count: sum.count)
    for index in sum.indices { signed[index] = Double(frame.samples[index]) - sum[index] * scale }
    let filtered = boxFiltered(signed)
    let largest = filtered.reduce(0) { max($0, abs($1)) }
    var out = [UInt8](repeating: 128, count: sum.count)
    // Below a hundredth of a grey level the frame equals the mean: left all mid-grey rather than stretching noise.
    if largest > 0.01 {
      for index in out.indices {
        out[index] = UInt8(min(max((128 + 127 * filtered[index] / largest).rounded(), 0), 255))
      }
    }
    return MovieFrame(width: width, height: height, channels: channels, samples: out)
  }

  /// A separable box mean of side `boxSize` on each channel, by running sums (cost independent of the size); at the
  /// edges the window holds only the pixels inside the frame.
  func boxFiltered(_ values: [Double]) -> [Double] {
    guard boxSize > 1 else { return values }
    let radius = boxSize / 2
    var horizontal = [Double](repeating: 0, count: values.count)
    var line = [Double](repeating: 0, count: max(width, height) + 1)
    for channel in 0..<channels {
      for y in 0..<height {
        pass(length: width, radius: radius, line: &line) {
          values[(y * width + $0) * channels + channel]
        } store: {
          horizontal[(y * width + $0) * channels + channel] = $1
        }
      }
    }
    var out = [Double](repeating: 0, count: values.count)
    for channel in 0..<channels {
      for x in 0..<width {
        pass(length: height, radius: radius, line: &line) {
          horizontal[($0 * width + x) * channels + channel]
        } store: {
          out[($0 * width + x) * channels + channel] = $1
        }
      }
    }
    return out
  }

  /// One row or column: prefix sums into `line`, then each position's window mean.
  private func pass(
    length: Int, radius: Int, line: inout [Double], read: (Int) -> Double, store: (Int, Double) -> Void
  ) {
    line[0] = 0
    for index in 0..<length { line[index + 1] = line[index] + read(index) }
    for index in 0..<length {
      let low = max(0, index - radius)
      let high = min(length, index + radius + 1)
      store(index, (line[high] - line[low]) / Double(high - low))
    }
  }
}
