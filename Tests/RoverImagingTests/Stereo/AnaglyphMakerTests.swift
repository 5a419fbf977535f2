import Foundation
import RoverCore
import RoverTestSupport
import Testing

@testable import RoverImaging

@Suite struct AnaglyphMakerTests {
  private let leftPath = RealTiles.path(eye: "L", tile: 1, ext: "png")
  private let rightPath = RealTiles.path(eye: "R", tile: 1, ext: "png")

  private func models() throws -> (CameraModel, CameraModel) {
    (
      try #require(RealTiles.photo(eye: "L", tile: 1).metadata.cameraModel),
      try #require(RealTiles.photo(eye: "R", tile: 1).metadata.cameraModel)
    )
  }

  /// The real pair made into `style`, on a thread of its own (`OwnThread`: seconds of a debug build's CPU).
  private func make(_ style: AnaglyphStyle = .grey, models: (CameraModel, CameraModel)?) async throws -> Anaglyph {
    let (leftPath, rightPath) = (leftPath, rightPath)
    return try await OwnThread.run {
      try AnaglyphMaker(style: style).make(
        leftPath: leftPath, leftModel: models?.0, rightPath: rightPath, rightModel: models?.1)
    }
  }

  @Test func greyPutsTheLeftEyeInRedAndTheRightInGreenAndBlue() async throws {
    let picture = try await make(models: try models())
    #expect(picture.rectification == .cameraModels && picture.fallbackReason == nil)
    #expect(picture.raster.width == 1288 && picture.raster.height == 968 && picture.raster.channels == 3)
    var differing = 0
    for y in stride(from: 100, to: 900, by: 50) {
      for x in stride(from: 100, to: 1200, by: 50) {
        #expect(picture.raster.sample(x: x, y: y, channel: 1) == picture.raster.sample(x: x, y: y, channel: 2))
        if picture.raster.sample(x: x, y: y, channel: 0) != picture.raster.sample(x: x, y: y, channel: 1) {
          differing += 1
        }
      }
    }
    #expect(differing > 100)
  }

  @Test func sideBySideAndCrossEyeSwapTheHalves() async throws {
    let parallel = try await make(.sideBySide, models: try models())
    let crossed = try await make(.crossEye, models: try models())
    #expect(parallel.raster.width == 2 * 1288 && crossed.raster.width == 2 * 1288)
    for (x, y) in [(300, 300), (900, 500), (640, 800)] {
      for channel in 0..<3 {
        #expect(
          parallel.raster.sample(x: x, y: y, channel: channel)
            == crossed.raster.sample(x: x + 1288, y: y, channel: channel))
        #expect(
          parallel.raster.sample(x: x + 1288, y: y, channel: channel)
            == crossed.raster.sample(x: x, y: y, channel: channel))
      }
    }
  }

  @Test func withoutModelsTheRightEyeIsShiftedByCorrelation() async throws {
    let picture = try await make(.color, models: nil)
    guard case .verticalShift(let rows) = picture.rectification else {
      Issue.record("expected a vertical shift, got \(picture.rectification)")
      return
    }
    // The raw pair's median offset lies within its −3 to +7 spread.
    #expect((-3...7).contains(rows))
    #expect(picture.fallbackReason == "neither eye has a camera model")
  }

  @Test func refusesAPairOfTwoSizes() throws {
    let folder = try RealTiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let small = folder + "/small.png"
    try ImageCodec.writePNG(Raster(width: 644, height: 484, channels: 3, bitDepth: 8), to: small)
    #expect(
      throws: ImagingError.invalidInput(
        path: small, reason: "the pair's pictures differ: 1288x968 8-bit (left) and 644x484 8-bit (right)")
    ) {
      try AnaglyphMaker().make(leftPath: leftPath, leftModel: nil, rightPath: small, rightModel: nil)
    }
  }

  @Test func refusesAModelWithNaNOrAZeroVector() throws {
    var (left, right) = try models()
    left.vectors["h"] = [.nan, 1, 2]
    #expect(throws: ImagingError.invalidInput(path: leftPath, reason: "camera model's H is not finite")) {
      try AnaglyphMaker().make(leftPath: leftPath, leftModel: left, rightPath: rightPath, rightModel: right)
    }
    (left, right) = try models()
    right.vectors["a"] = [0, 0, 0]
    #expect(throws: ImagingError.invalidInput(path: rightPath, reason: "camera model's A is a zero vector")) {
      try AnaglyphMaker().make(leftPath: leftPath, leftModel: left, rightPath: rightPath, rightModel: right)
    }
  }
}
