/// Matches square blocks of a left image in a right image by normalised cross-correlation: the vertical offsets say
/// how far a pair is from row-aligned, and their median is the fallback shift for a pair without camera models.
///
/// A coarse search on images shrunk 4 times finds each block's disparity (up to `maxDisparity` pixels leftwards in
/// the right image) and rough vertical offset; a search of ±3 pixels at full size refines it, and a parabola through
/// the correlations at the best row and its neighbours gives the vertical offset to a fraction of a pixel.
enum BlockMatcher {
  struct Match: Sendable {
    var x: Int
    var y: Int
    var dx: Int
    var dy: Double
    var score: Double
  }

  /// The matched blocks of two one-channel images of one size; blocks without texture, or matching below
  /// `minimumScore`, are left out.
  static func match(
    left: Raster, right: Raster, block: Int = 32, spacing: Int = 48, maxDisparity: Int = 256, maxVertical: Int = 12,
    minimumScore: Double = 0.9
  ) -> [Match] {
    let full = (Plane(left), Plane(right))
    let coarse = (full.0.shrunk(by: 4), full.1.shrunk(by: 4))
    var matches: [Match] = []
    let margin = block / 2 + 4
    for y in stride(from: margin + maxVertical, to: left.height - margin - maxVertical, by: spacing) {
      for x in stride(from: margin, to: left.width - margin, by: spacing) {
        guard full.0.deviation(x: x - block / 2, y: y - block / 2, size: block) > 2 else { continue }
        let rough = best(
          coarse.0, coarse.1, x: x / 4 - block / 8, y: y / 4 - block / 8, size: block / 4,
          dxs: -maxDisparity / 4...4, dys: -maxVertical / 4...maxVertical / 4)
        guard let rough else { continue }
        let fine = best(
          full.0, full.1, x: x - block / 2, y: y - block / 2, size: block,
          dxs: rough.dx * 4 - 3...rough.dx * 4 + 3, dys: rough.dy * 4 - 3...rough.dy * 4 + 3)
        guard let fine, fine.score >= minimumScore else { continue }
        let above = full.0.correlation(
          full.1, x: x - block / 2, y: y - block / 2, size: block, dx: fine.dx, dy: fine.dy - 1)
        let below = full.0.correlation(
          full.1, x: x - block / 2, y: y - block / 2, size: block, dx: fine.dx, dy: fine.dy + 1)
        let curvature = above - 2 * fine.score + below
        let offset = curvature < 0 ? min(0.5, max(-0.5, (above - below) / (2 * curvature))) : 0
        matches.append(Match(x: x, y: y, dx: fine.dx, dy: Double(fine.dy) + offset, score: fine.score))
      }
    }
    return matches
  }

  private static func best(
    _ left: Plane, _ right: Plane, x: Int, y: Int, size: Int, dxs: ClosedRange<Int>, dys: ClosedRange<Int>
  ) -> (dx: Int, dy: Int, score: Double)? {
    var found: (dx: Int, dy: Int, score: Double)?
    for dy in dys {
      for dx in dxs where x + dx >= 0 && y + dy >= 0 && x + dx + size <= right.width && y + dy + size <= right.height {
        let score = left.correlation(right, x: x, y: y, size: size, dx: dx, dy: dy)
        if score > (found?.score ?? -2) { found = (dx, dy, score) }
      }
    }
    return found
  }
}

/// One channel as Doubles, for matching.
struct Plane: Sendable {
  let width: Int
  let height: Int
  let values: [Double]

  init(width: Int, height: Int, values: [Double]) {
    self.width = width
    self.height = height
    self.values = values
  }

  /// The first channel of a raster.
  init(_ raster: Raster) {
    var values = [Double](repeating: 0, count: raster.width * raster.height)
    for y in 0..<raster.height {
      for x in 0..<raster.width { values[y * raster.width + x] = Double(raster.sample(x: x, y: y, channel: 0)) }
    }
    self.init(width: raster.width, height: raster.height, values: values)
  }

  /// Each `factor` × `factor` square averaged into one value.
  func shrunk(by factor: Int) -> Plane {
    let (w, h) = (width / factor, height / factor)
    var out = [Double](repeating: 0, count: w * h)
    for y in 0..<h {
      for x in 0..<w {
        var sum = 0.0
        for dy in 0..<factor {
          for dx in 0..<factor { sum += values[(y * factor + dy) * width + x * factor + dx] }
        }
        out[y * w + x] = sum / Double(factor * factor)
      }
    }
    return Plane(width: w, height: h, values: out)
  }

  /// The standard deviation of a square: a block without texture matches anywhere.
  func deviation(x: Int, y: Int, size: Int) -> Double {
    var (sum, squares) = (0.0, 0.0)
    for row in y..<y + size {
      for column in x..<x + size {
        let value = values[row * width + column]
        sum += value
        squares += value * value
      }
    }
    let count = Double(size * size)
    return max(0, squares / count - (sum / count) * (sum / count)).squareRoot()
  }

  /// Normalised cross-correlation of this plane's square at (`x`, `y`) with `other`'s at (`x + dx`, `y + dy`).
  func correlation(_ other: Plane, x: Int, y: Int, size: Int, dx: Int, dy: Int) -> Double {
    guard x + dx >= 0, y + dy >= 0, x + dx + size <= other.width, y + dy + size <= other.height else { return -1 }
    var (sa, sb, saa, sbb, sab) = (0.0, 0.0, 0.0, 0.0, 0.0)
    for row in 0..<size {
      let a = (y + row) * width + x
      let b = (y + dy + row) * other.width + x + dx
      for column in 0..<size {
        let (va, vb) = (values[a + column], other.values[b + column])
        sa += va
        sb += vb
        saa += va * va
        sbb += vb * vb
        sab += va * vb
      }
    }
    let n = Double(size * size)
    let denominator = ((saa - sa * sa / n) * (sbb - sb * sb / n)).squareRoot()
    return denominator > 0 ? (sab - sa * sb / n) / denominator : -1
  }
}
