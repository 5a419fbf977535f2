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
