import Foundation
import RoverCore
import Testing

@testable import RoverImaging

@Suite struct FrameAssemblerTests {
  /// The left eye's tiles 01 and 04 as one exposure, tile files from the fixtures.
  private func leftExposure() throws -> TiledExposure {
    let photos = try [
      RealTiles.photo(eye: "L", tile: 4), RealTiles.photo(eye: "R", tile: 1), RealTiles.photo(eye: "L", tile: 1),
    ]
    let exposures = TiledExposure.group(photos)
    #expect(exposures.count == 2)
    return try #require(exposures.first { $0.tiles.first?.frame?.eye == .left })
  }

  private func fixturePath(_ photo: Photo) -> String? {
    guard let frame = photo.frame, let tile = frame.tile else { return nil }
    return RealTiles.path(eye: frame.eye == .left ? "L" : "R", tile: tile, ext: "png")
  }

  @Test func groupsTilesByNameWithTheTileDigitsBlanked() throws {
    let exposure = try leftExposure()
    #expect(exposure.tiles.compactMap { $0.frame?.tile } == [1, 4])
    #expect(exposure.name == "NLF_1110_0765465872_675ECM_N0512578NCAM13109_00_195J")
  }

  @Test func aFrameSentWholeAsItsOnlyTileIsNoExposureToAssemble() throws {
    var whole = try RealTiles.photo(eye: "L", tile: 1)
    whole.metadata.subframe = Subframe(x: 1, y: 1, width: 5120, height: 3840)
    #expect(TiledExposure.group([whole]).isEmpty)
    let lone = try RealTiles.photo(eye: "L", tile: 1)
    #expect(TiledExposure.group([lone]).count == 1)
  }

  @Test func realTilesLandAtTheirSubframeOffsetsOnTheScaleTwoCanvas() throws {
    let frame = try FrameAssembler().assemble(leftExposure(), file: fixturePath)
    #expect(frame.report.width == 2560 && frame.report.height == 1920)
    #expect(frame.raster.width == 2560 && frame.raster.height == 1920)
    // Tiles 02 and 03 (the bottom half) were not given: transparent, and named.
    #expect(frame.raster.channels == 4)
    #expect(frame.report.tilesUsed == [1, 4])
    #expect(frame.report.tilesMissing == [2, 3])
    #expect(frame.report.uncoveredPixels == 2560 * (1920 - 968))
    #expect(frame.report.unionSubframe == Subframe(x: 1, y: 1, width: 5120, height: 1936))
    #expect(frame.raster.sample(x: 100, y: 1500, channel: 3) == 0)
    #expect(frame.raster.sample(x: 100, y: 100, channel: 3) == 255)
    // Tile 04 sits at column 1272: its pixel (0, 0) is the canvas's (1272, 0).
    let tile4 = try ImageCodec.decode(contentsOf: RealTiles.path(eye: "L", tile: 4, ext: "png"))
    for (x, y) in [(0, 0), (500, 300), (1287, 967)] {
      for channel in 0..<3 {
        #expect(frame.raster.sample(x: 1272 + x, y: y, channel: channel) == tile4.sample(x: x, y: y, channel: channel))
      }
    }
  }

  @Test func theOverlapAgreesAtThePlacedOffsetAndNotOneColumnOff() throws {
    let tile1 = try ImageCodec.decode(contentsOf: RealTiles.path(eye: "L", tile: 1, ext: "png"))
    let tile4 = try ImageCodec.decode(contentsOf: RealTiles.path(eye: "L", tile: 4, ext: "png"))
    let plan = try AssemblyPlan(leftExposure(), files: fixturePath)
    let offset = try #require(plan.placements.last).x - (try #require(plan.placements.first).x)
    #expect(offset == 1272)
    func meanDifference(shift: Int) -> Double {
      var total = 0
      var count = 0
      for y in 0..<968 {
        for x in 4..<(tile1.width - offset - 4) {
          for channel in 0..<3 {
            total += abs(
              tile1.sample(x: offset + x, y: y, channel: channel) - tile4.sample(x: x + shift, y: y, channel: channel))
            count += 1
          }
        }
      }
      return Double(total) / Double(count)
    }
    let placed = meanDifference(shift: 0)
    #expect(placed < 1.5)
    #expect(meanDifference(shift: 1) > 2 * placed + 1)
    #expect(meanDifference(shift: -1) > 2 * placed + 1)
  }

  @Test func theCanvasModelIsEachTileModelMovedByItsOffset() throws {
    let tile1 = try RealTiles.photo(eye: "L", tile: 1)
    let tile4 = try RealTiles.photo(eye: "L", tile: 4)
    let model1 = try JPLCameraModel(#require(tile1.metadata.cameraModel), source: "01")
    let model4 = try JPLCameraModel(#require(tile4.metadata.cameraModel), source: "04")
    #expect(abs(model1.horizontalCenter - 1296.7) < 0.1)
    #expect(abs(model4.horizontalCenter - 24.7) < 0.1)
    #expect(abs(model1.horizontalScale - 1479.3) < 0.1)
    let moved = model4.movedOnImagePlane(dx: 1272, dy: 0)
    #expect(abs(moved.horizontalCenter - model1.horizontalCenter) < 0.5)
    // A ground point ahead projects to the same canvas pixel through tile 01's model and tile 04's moved one.
    let point = model1.c + model1.a * 5 + model1.h.normalized * 0.01
    let first = try #require(model1.project(point))
    let second = try #require(moved.project(point))
    #expect(abs(first.x - second.x) < 0.5 && abs(first.y - second.y) < 0.5)
    let frame = try FrameAssembler().assemble(leftExposure(), file: fixturePath)
    let sidecar = try JPLCameraModel(#require(frame.report.cameraModel), source: "canvas")
    #expect(abs(sidecar.horizontalCenter - 1296.7) < 0.1)
  }

  @Test func refusesTilesOfTwoEyesOrScales() throws {
    let left = try RealTiles.photo(eye: "L", tile: 1)
    let right = try RealTiles.photo(eye: "R", tile: 4)
    #expect {
      try FrameAssembler().assemble(TiledExposure(key: "k", tiles: [left, right]), file: fixturePath)
    } throws: { error in
      (error as? ImagingError)?.reason.contains("both eyes") == true
    }
    var other = try RealTiles.photo(eye: "L", tile: 4)
    other.metadata.scaleFactor = 1
    #expect {
      try FrameAssembler().assemble(TiledExposure(key: "k", tiles: [left, other]), file: fixturePath)
    } throws: { error in
      (error as? ImagingError)?.reason.contains("scales [1, 2]") == true
    }
  }

  @Test func refusesASubframeOutsideTheSensorAndATileOfAnotherSize() throws {
    var outside = try RealTiles.photo(eye: "L", tile: 4)
    outside.metadata.subframe = Subframe(x: 4000, y: 1, width: 2576, height: 1936)
    #expect {
      try FrameAssembler().assemble(TiledExposure(key: "k", tiles: [outside]), file: fixturePath)
    } throws: { error in
      (error as? ImagingError)?.reason.contains("outside the 5120x3840 sensor") == true
    }
    var resized = try RealTiles.photo(eye: "L", tile: 4)
    resized.metadata.subframe = Subframe(x: 2545, y: 1, width: 2576, height: 1900)
    #expect {
      try FrameAssembler().assemble(TiledExposure(key: "k", tiles: [resized]), file: fixturePath)
    } throws: { error in
      (error as? ImagingError)?.reason == "tile is 1288x968 but its subframe 2576x1900 at scale 2 says 1288x950"
    }
  }

  @Test func matchLevelsScalesATileToItsNeighbourAndIsOffByDefault() throws {
    let folder = try RealTiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var brighter = try ImageCodec.decode(contentsOf: RealTiles.path(eye: "L", tile: 4, ext: "png"))
    for index in brighter.bytes.indices { brighter.bytes[index] = UInt8(min(255, Int(brighter.bytes[index]) * 5 / 4)) }
    let path = folder + "/bright.png"
    try ImageCodec.writePNG(brighter, to: path)
    let files: (Photo) -> String? = { $0.frame?.tile == 4 ? path : fixturePath($0) }
    let plain = try FrameAssembler().assemble(leftExposure(), file: files)
    let matched = try FrameAssembler(options: .init(matchLevels: true)).assemble(leftExposure(), file: files)
    #expect(!plain.report.levelsMatched && matched.report.levelsMatched)
    let original = try ImageCodec.decode(contentsOf: RealTiles.path(eye: "L", tile: 4, ext: "png"))
    func error(_ frame: AssembledFrame) -> Int {
      (0..<200).reduce(0) { sum, i in
        sum
          + abs(frame.raster.sample(x: 1400 + i, y: 400, channel: 1) - original.sample(x: 128 + i, y: 400, channel: 1))
      }
    }
    #expect(error(matched) * 3 < error(plain))
  }
}
