import Foundation
import RoverTestSupport
import Synchronization
import Testing

@testable import RoverImaging

/// Movies made from in-memory frames: what is written, what is left out and why.
@Suite struct MovieMakerTests {
  static func make(
    _ frames: [MovieFrame?], difference: Bool = false, into directory: URL
  ) async throws(MovieError) -> MovieResult {
    try await MovieMaker.make(
      id: "m", count: frames.count, paths: { "frame\($0).png" },
      decode: { index throws(MovieError) in
        guard let frame = frames[index] else { throw .undecodable(path: "frame\(index).png", reason: "not a PNG") }
        return frame
      }, delays: Array(repeating: 20, count: frames.count), into: directory,
      options: MovieMaker.Options(difference: difference))
  }

  @Test func aGIFHasOneFramePerUsableFrame() async throws {
    let directory = try TestDirectory.make()
    let frames = MovieDifferenceTests.positions.map { MovieFrames.grey(blobAt: $0) }
    let result = try await Self.make(frames, into: directory)
    let gif = try #require(GIFFile(path: result.path))
    #expect(result.frames == 4 && gif.frames == 4 && gif.delays == [20, 20, 20, 20] && result.playSeconds == 0.8)
  }

  /// Frames of another size and undecodable frames are left out, counted, and the first of each named.
  @Test func mixedSizesAndUndecodableFramesAreLeftOutAndNamed() async throws {
    let directory = try TestDirectory.make()
    let frames: [MovieFrame?] = [
      nil, MovieFrames.grey(), MovieFrames.grey(width: 20, height: 20), MovieFrames.grey(blobAt: (3, 3)), nil,
      MovieFrames.grey(width: 30, height: 20),
    ]
    let result = try await Self.make(frames, difference: true, into: directory)
    #expect(result.frames == 2 && result.skipped == 4)
    #expect(
      result.firstSkips == [
        MovieSkip(path: "frame0.png", reason: .undecodable("not a PNG")),
        MovieSkip(path: "frame2.png", reason: .size(width: 20, height: 20)),
      ])
    #expect(GIFFile(path: result.path)?.frames == 2)
  }

  /// Fewer than two usable frames is an error naming the movie, and no GIF is left.
  @Test func oneUsableFrameIsNoMovie() async throws {
    let directory = try TestDirectory.make()
    await #expect(throws: MovieError.tooFewFrames(movie: "m", usable: 1, of: 3)) {
      try await Self.make([MovieFrames.grey(), nil, MovieFrames.grey(width: 8, height: 8)], into: directory)
    }
    await #expect(throws: MovieError.tooFewFrames(movie: "m", usable: 0, of: 2)) {
      try await Self.make([nil, nil], into: directory)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  /// A hundred thousand frames stream through: each is made when asked for and dropped once written, so memory is
  /// a few frames whatever the count (the frames here are 8×8 so the test stays quick). The first frame, which sets
  /// the movie's size, is decoded once, not twice.
  @Test func aHundredThousandFramesStream() async throws {
    let directory = try TestDirectory.make()
    let count = 100_000
    let decoded = Mutex(0)
    let result = try await MovieMaker.make(
      id: "long", count: count, paths: { "f\($0)" },
      decode: { index throws(MovieError) in
        decoded.withLock { $0 += 1 }
        return MovieFrame(width: 8, height: 8, channels: 1, samples: [UInt8](repeating: UInt8(index % 256), count: 64))
      }, delays: Array(repeating: 2, count: count), into: directory, options: MovieMaker.Options())
    #expect(result.frames == count && decoded.withLock { $0 } == count)
    #expect(GIFFile(path: result.path)?.frames == count)
  }

  /// Frames are decoded on several tasks at once, never more than a few: the next frames overlap the current one's
  /// encoding, and memory stays a few frames.
  @Test func framesAreDecodedConcurrentlyAndBounded() async throws {
    let directory = try TestDirectory.make()
    let state = Mutex((running: 0, most: 0))
    let count = 64
    let result = try await MovieMaker.make(
      id: "window", count: count, paths: { "f\($0)" },
      decode: { index throws(MovieError) in
        state.withLock {
          $0.running += 1
          $0.most = max($0.most, $0.running)
        }
        defer { state.withLock { $0.running -= 1 } }
        // Some work, so that the next frame's task starts before this one ends.
        var frame = MovieFrames.grey(width: 256, height: 256, blobAt: (index % 200, 40))
        for _ in 0..<8 { frame = MovieFrame(width: 256, height: 256, channels: 1, samples: frame.samples.reversed()) }
        return frame
      }, delays: Array(repeating: 5, count: count), into: directory, options: MovieMaker.Options())
    #expect(result.frames == count)
    let most = state.withLock { $0.most }
    #expect(most <= FrameScan.framesInFlight)
    #expect(most >= 2 || ProcessInfo.processInfo.activeProcessorCount == 1)
  }
}
