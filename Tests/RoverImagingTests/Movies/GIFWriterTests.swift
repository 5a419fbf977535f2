import Foundation
import RoverTestSupport
import Testing

@testable import RoverImaging

/// GIFs written through giflib and read back through giflib.
@Suite struct GIFWriterTests {
  @Test func framesAndDelaysReadBackWithALoop() throws {
    let directory = try TestDirectory.make()
    let writer = try GIFWriter(directory: directory, name: "m.gif", width: 48, height: 32, channels: 1)
    for (index, delay) in [13, 25, 7].enumerated() {
      try writer.add(MovieFrames.grey(blobAt: (index * 10, 4)), delay: delay)
    }
    try writer.finish()
    let gif = try #require(GIFFile(path: directory.appendingPathComponent("m.gif").path))
    #expect(gif.width == 48 && gif.height == 32 && gif.frames == 3)
    #expect(gif.delays == [13, 25, 7] && gif.loops == 0)
    // The grey palette is exact: the decoded frame is the frame.
    let rgb = try #require(
      GIFFile.rgb(path: directory.appendingPathComponent("m.gif").path, frame: 1, width: 48, height: 32))
    #expect(stride(from: 0, to: rgb.count, by: 3).map { rgb[$0] } == MovieFrames.grey(blobAt: (10, 4)).samples)
  }

  /// Blocks encoded on several tasks at once and appended in order read back as the frames, in that order, with
  /// their delays: each frame's LZW stream stands alone.
  @Test func blocksEncodedConcurrentlyReadBackInOrder() async throws {
    let directory = try TestDirectory.make()
    let frames = (0..<6).map { MovieFrames.grey(blobAt: ($0 * 6, $0 * 3)) }
    let blocks = try await withThrowingTaskGroup(of: (Int, GIFBlock).self) { group in
      for (index, frame) in frames.enumerated() {
        group.addTask { (index, try GIFBlock(encoding: frame, channels: 1, path: "b.gif")) }
      }
      return try await group.reduce(into: [Int: GIFBlock]()) { $0[$1.0] = $1.1 }
    }
    let writer = try GIFWriter(directory: directory, name: "b.gif", width: 48, height: 32, channels: 1)
    for index in frames.indices { try writer.add(try #require(blocks[index]), delay: 10 + index) }
    try writer.finish()
    let path = directory.appendingPathComponent("b.gif").path
    #expect(GIFFile(path: path)?.delays == [10, 11, 12, 13, 14, 15])
    for (index, frame) in frames.enumerated() {
      let rgb = try #require(GIFFile.rgb(path: path, frame: index, width: 48, height: 32))
      #expect(stride(from: 0, to: rgb.count, by: 3).map { rgb[$0] } == frame.samples)
    }
  }

  /// Colour goes through the 6×7×6 cube: each channel within half a step of its level.
  @Test func colourFramesUseTheCube() throws {
    let directory = try TestDirectory.make()
    let writer = try GIFWriter(directory: directory, name: "c.gif", width: 16, height: 8, channels: 3)
    try writer.add(MovieFrames.colour((200, 90, 30)), delay: 10)
    try writer.add(MovieFrames.colour((10, 240, 130)), delay: 10)
    try writer.finish()
    let path = directory.appendingPathComponent("c.gif").path
    let rgb = try #require(GIFFile.rgb(path: path, frame: 0, width: 16, height: 8))
    #expect(abs(Int(rgb[0]) - 200) <= 26 && abs(Int(rgb[1]) - 90) <= 22 && abs(Int(rgb[2]) - 30) <= 26)
  }

  /// Nothing appears under the final name until the GIF is finished; a discarded one leaves nothing at all.
  @Test func anUnfinishedGIFLeavesNoFile() throws {
    let directory = try TestDirectory.make()
    let writer = try GIFWriter(directory: directory, name: "x.gif", width: 48, height: 32, channels: 1)
    try writer.add(MovieFrames.grey(), delay: 10)
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.gif").path))
    writer.discard()
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  /// Over 65535 a side is refused by giflib's format, before any pixel.
  @Test func aSideOverTheFormatsLimitIsRefused() throws {
    let directory = try TestDirectory.make()
    #expect(throws: MovieError.self) {
      try GIFWriter(directory: directory, name: "big.gif", width: 70_000, height: 2, channels: 1)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }
}
