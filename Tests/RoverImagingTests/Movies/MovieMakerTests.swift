import Foundation
import RoverTestSupport
import Testing

@testable import RoverImaging

/// Movies made from in-memory frames: what is written, what is left out and why.
@Suite struct MovieMakerTests {
  static func make(
    _ frames: [MovieFrame?], difference: Bool = false, into directory: URL
  ) throws(MovieError) -> MovieResult {
    try MovieMaker.make(
      id: "m", count: frames.count, paths: { "frame\($0).png" },
      decode: { index throws(MovieError) in
        guard let frame = frames[index] else { throw .undecodable(path: "frame\(index).png", reason: "not a PNG") }
        return frame
      }, delays: Array(repeating: 20, count: frames.count), into: directory,
      options: MovieMaker.Options(difference: difference))
  }

  @Test func aGIFHasOneFramePerUsableFrame() throws {
    let directory = try TestDirectory.make()
    let result = try Self.make(MovieDifferenceTests.positions.map { MovieFrames.grey(blobAt: $0) }, into: directory)
    let gif = try #require(GIFFile(path: result.path))
    #expect(result.frames == 4 && gif.frames == 4 && gif.delays == [20, 20, 20, 20] && result.playSeconds == 0.8)
  }

  /// Frames of another size and undecodable frames are left out, counted, and the first of each named.
  @Test func mixedSizesAndUndecodableFramesAreLeftOutAndNamed() throws {
    let directory = try TestDirectory.make()
    let frames: [MovieFrame?] = [
      nil, MovieFrames.grey(), MovieFrames.grey(width: 20, height: 20), MovieFrames.grey(blobAt: (3, 3)), nil,
      MovieFrames.grey(width: 30, height: 20),
    ]
    let result = try Self.make(frames, difference: true, into: directory)
    #expect(result.frames == 2 && result.skipped == 4)
    #expect(
      result.firstSkips == [
        MovieSkip(path: "frame0.png", reason: .undecodable("not a PNG")),
        MovieSkip(path: "frame2.png", reason: .size(width: 20, height: 20)),
      ])
    #expect(GIFFile(path: result.path)?.frames == 2)
  }

  /// Fewer than two usable frames is an error naming the movie, and no GIF is left.
  @Test func oneUsableFrameIsNoMovie() throws {
    let directory = try TestDirectory.make()
    #expect(throws: MovieError.tooFewFrames(movie: "m", usable: 1, of: 3)) {
      try Self.make([MovieFrames.grey(), nil, MovieFrames.grey(width: 8, height: 8)], into: directory)
    }
    #expect(throws: MovieError.tooFewFrames(movie: "m", usable: 0, of: 2)) {
      try Self.make([nil, nil], into: directory)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  /// A hundred thousand frames stream through: each is made when asked for and dropped once written, so memory is
  /// a frame's whatever the count (the frames here are 8×8 so the test stays quick).
  @Test func aHundredThousandFramesStream() throws {
    let directory = try TestDirectory.make()
    let count = 100_000
    var decoded = 0
    let result = try MovieMaker.make(
      id: "long", count: count, paths: { "f\($0)" },
      decode: { index throws(MovieError) in
        decoded += 1
        return MovieFrame(width: 8, height: 8, channels: 1, samples: [UInt8](repeating: UInt8(index % 256), count: 64))
      }, delays: Array(repeating: 2, count: count), into: directory, options: MovieMaker.Options())
    #expect(result.frames == count && decoded == count + 1)
    #expect(GIFFile(path: result.path)?.frames == count)
  }
}
