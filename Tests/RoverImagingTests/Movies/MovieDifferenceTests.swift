import Testing

@testable import RoverImaging

/// Change detection on a synthetic movie: a bright blob crossing a fixed textured scene.
@Suite struct MovieDifferenceTests {
  static let positions = [(4, 4), (14, 8), (24, 12), (34, 16)]

  /// The scene cancels out: far from every position the blob takes, each difference frame is mid-grey; at the
  /// blob's own position it is the brightest part of the frame, well above the faint dark ghosts where it is in the
  /// other frames.
  @Test func onlyTheMovingBlobShows() {
    let frames = Self.positions.map { MovieFrames.grey(blobAt: $0) }
    var difference = MovieDifference(width: 48, height: 32, channels: 1, boxSize: 3)
    for frame in frames { difference.add(frame) }
    for (index, frame) in frames.enumerated() {
      let out = difference.difference(frame).samples
      let (bx, by) = Self.positions[index]
      let brightest = out.indices.max { out[$0] < out[$1] } ?? 0
      #expect(out[brightest] == 255 && out[(by + 3) * 48 + bx + 3] >= 220, "the blob is near white")
      #expect((bx - 1...bx + 6).contains(brightest % 48) && (by - 1...by + 6).contains(brightest / 48))
      for y in 0..<32 {
        for x in 0..<48 where Self.farFromEveryBlob(x, y) { #expect(out[y * 48 + x] == 128, "(\(x), \(y))") }
      }
      let ghosts = Self.positions.indices.filter { $0 != index }.map { other in
        out[(Self.positions[other].1 + 3) * 48 + Self.positions[other].0 + 3]
      }
      #expect(ghosts.allSatisfy { $0 < 128 && $0 > 60 }, "darker than the mean where the blob was, but faint")
    }
  }

  /// A movie with nothing moving is mid-grey throughout (the noise floor is not stretched up).
  @Test func aStillSceneIsMidGrey() {
    var difference = MovieDifference(width: 48, height: 32, channels: 1)
    for _ in 0..<3 { difference.add(MovieFrames.grey()) }
    #expect(difference.difference(MovieFrames.grey()).samples.allSatisfy { $0 == 128 })
  }

  /// The box filter keeps the mean of a region and spreads a single bright pixel over its window.
  @Test func theBoxFilterAveragesItsWindow() {
    let difference = MovieDifference(width: 5, height: 5, channels: 1, boxSize: 3)
    var values = [Double](repeating: 0, count: 25)
    values[12] = 9
    let filtered = difference.boxFiltered(values)
    #expect(filtered[12] == 1 && filtered[6] == 1 && filtered[0] == 0)
  }

  static func farFromEveryBlob(_ x: Int, _ y: Int) -> Bool {
    positions.allSatisfy { bx, by in x < bx - 2 || x > bx + 7 || y < by - 2 || y > by + 7 }
  }
}
