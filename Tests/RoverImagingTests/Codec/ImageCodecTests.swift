import Foundation
import RoverTestSupport
import Testing

@testable import RoverImaging

@Suite struct ImageCodecTests {
  @Test func decodesTheRealTileAtItsSize() throws {
    let raster = try ImageCodec.decode(contentsOf: RealTiles.path(eye: "L", tile: 1, ext: "png"))
    #expect(raster.width == 1288 && raster.height == 968)
    #expect(raster.channels == 3 && raster.bitDepth == 8)
    #expect(raster.bytes.count == 1288 * 968 * 3)
    // A real frame is not flat: its samples spread over most of the range.
    let values = Set(raster.bytes)
    #expect(values.count > 100)
  }

  @Test func sixteenBitRoundTripKeepsEverySample() throws {
    let folder = try RealTiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var raster = Raster(width: 7, height: 5, channels: 2, bitDepth: 16)
    for y in 0..<5 {
      for x in 0..<7 {
        raster.setSample(x * 9000 + y * 7, x: x, y: y, channel: 0)
        raster.setSample(65_535 - x, x: x, y: y, channel: 1)
      }
    }
    let path = folder + "/sixteen.png"
    try ImageCodec.writePNG(raster, to: path)
    let back = try ImageCodec.decode(contentsOf: path, keepAlpha: true)
    #expect(back == raster)
    #expect(back.sample(x: 6, y: 4, channel: 0) == 54_028)
    let dropped = try ImageCodec.decode(contentsOf: path)
    #expect(dropped.channels == 1)
    #expect(dropped.sample(x: 3, y: 2, channel: 0) == 27_014)
  }

  @Test func knowsAJPEGByItsBytesNotItsName() throws {
    let folder = try RealTiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/looks-like.png"
    try ImageBomb.progressiveJPEG(width: 16, height: 8, components: 3).write(to: URL(fileURLWithPath: path))
    let raster = try ImageCodec.decode(contentsOf: path)
    #expect(raster.width == 16 && raster.height == 8 && raster.channels == 3 && raster.bitDepth == 8)
  }

  @Test func refusesImageBombsFromTheHeader() throws {
    let folder = try RealTiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let png = folder + "/bomb.png"
    let jpeg = folder + "/bomb.jpg"
    try ImageBomb.png(width: 60_000, height: 60_000).write(to: URL(fileURLWithPath: png))
    try ImageBomb.progressiveJPEG(width: 60_000, height: 60_000).write(to: URL(fileURLWithPath: jpeg))
    for path in [png, jpeg] {
      #expect {
        _ = try ImageCodec.decode(contentsOf: path)
      } throws: { error in
        guard case .tooLarge(let at, let reason) = error as? ImagingError else { return false }
        return at == path && reason.contains("60000 x 60000")
      }
    }
  }

  @Test func namesWhatIsNeitherPNGNorJPEG() throws {
    let folder = try RealTiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/text.png"
    try Data("not an image".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: ImagingError.unsupported(path: path, reason: "neither a PNG nor a JPEG")) {
      try ImageCodec.decode(contentsOf: path)
    }
    #expect {
      try ImageCodec.decode(contentsOf: folder + "/absent.png")
    } throws: { error in
      if case .unreadable = error as? ImagingError { return true }
      return false
    }
  }

  @Test func aTruncatedPNGIsCorruptNotATrap() throws {
    let folder = try RealTiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let whole = try Data(contentsOf: URL(fileURLWithPath: RealTiles.path(eye: "L", tile: 4, ext: "png")))
    let path = folder + "/cut.png"
    try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
    #expect {
      try ImageCodec.decode(contentsOf: path)
    } throws: { error in
      if case .corrupt(path, _) = error as? ImagingError { return true }
      return false
    }
  }

  @Test func aFailedWriteLeavesNothingUnderTheFinalName() throws {
    let folder = try RealTiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let raster = Raster(width: 4, height: 4, channels: 3, bitDepth: 8)
    let path = folder + "/absent-folder/out.png"
    #expect {
      try ImageCodec.writePNG(raster, to: path)
    } throws: { error in
      if case .writeFailed(path, _) = error as? ImagingError { return true }
      return false
    }
    try ImageCodec.writePNG(raster, to: folder + "/out.png")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.png"])
  }
}
