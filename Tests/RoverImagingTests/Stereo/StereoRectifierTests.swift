import Foundation
import RoverCore
import RoverTestSupport
import Testing

@testable import RoverImaging

@Suite struct StereoRectifierTests {
  /// Both eyes' tile 01 as luminance, with their models.
  private func realPair() throws -> (Raster, Raster, JPLCameraModel, JPLCameraModel) {
    let left = try EyePlanes.decode(RealTiles.path(eye: "L", tile: 1, ext: "png"), keep: .luminance)
    let right = try EyePlanes.decode(RealTiles.path(eye: "R", tile: 1, ext: "png"), keep: .luminance)
    let leftModel = try JPLCameraModel(#require(RealTiles.photo(eye: "L", tile: 1).metadata.cameraModel), source: "L")
    let rightModel = try JPLCameraModel(#require(RealTiles.photo(eye: "R", tile: 1).metadata.cameraModel), source: "R")
    return (left, right, leftModel, rightModel)
  }

  /// The vertical offsets of the blocks matched after resampling both eyes onto the models' common camera, on a
  /// thread of its own (`OwnThread`: seconds of a debug build's CPU).
  private func offsetsAfterRectifying(
    _ left: Raster, _ right: Raster, _ leftModel: JPLCameraModel, _ rightModel: JPLCameraModel
  ) async throws -> [Double] {
    try await OwnThread.run {
      let rectifier = try StereoRectifier(
        left: leftModel, right: rightModel, width: left.width, height: left.height, source: "pair")
      var leftOut = Raster(width: left.width, height: left.height, channels: 1, bitDepth: 8)
      var rightOut = leftOut
      rectifier.rectify(left, eye: .left, into: &leftOut, channels: [(0, 0)])
      rectifier.rectify(right, eye: .right, into: &rightOut, channels: [(0, 0)])
      return BlockMatcher.match(left: leftOut, right: rightOut, spacing: 64).map(\.dy)
    }
  }

  @Test func theRealSol1110PairIsRowAlignedAfterRectification() async throws {
    let (left, right, leftModel, rightModel) = try realPair()
    #expect(leftModel.kind == .cahvore && leftModel.linearity == 0)
    let raw = await OwnThread.run { BlockMatcher.match(left: left, right: right, spacing: 64).map(\.dy) }
    // Raw: the eyes are off vertically by −3 to +7 pixels across the frame.
    #expect(raw.count >= 50)
    #expect(try #require(raw.min()) <= -2 && (try #require(raw.max())) >= 5)
    let rectified = try await offsetsAfterRectifying(left, right, leftModel, rightModel)
    #expect(rectified.count >= 50)
    let within = rectified.filter { abs($0) <= 1 }.count
    // Every matched block on this pair, between −0.55 and +0.32 px (226 of 226 at a 48-pixel spacing).
    #expect(Double(within) >= 0.8 * Double(rectified.count), "\(within) of \(rectified.count) within 1 px")
  }

  @Test func keepingOnlyTheLinearCoreLeavesTheFishEyeOffRow() async throws {
    let (left, right, fullLeft, fullRight) = try realPair()
    var (leftModel, rightModel) = (fullLeft, fullRight)
    (leftModel.kind, rightModel.kind) = (.cahv, .cahv)
    let offsets = try await offsetsAfterRectifying(left, right, leftModel, rightModel)
    let within = offsets.filter { abs($0) <= 1 }.count
    // 114 of 176 blocks (65%) at a 48-pixel spacing; the full model brings all of them within 1 px.
    #expect(offsets.count >= 50)
    #expect(Double(within) < 0.8 * Double(offsets.count), "\(within) of \(offsets.count) within 1 px")
  }

  @Test func theCommonCameraLiesAlongTheBaseline() throws {
    let (left, _, leftModel, rightModel) = try realPair()
    let rectifier = try StereoRectifier(
      left: leftModel, right: rightModel, width: left.width, height: left.height, source: "pair")
    let baseline = (rightModel.c - leftModel.c).normalized
    #expect(abs(rectifier.horizontal.dot(baseline) - 1) < 1e-12)
    #expect(abs(rectifier.axis.dot(baseline)) < 1e-12)
    // A far point projects to one row through both eyes' common models.
    let point = leftModel.c + rectifier.axis * 1000 + rectifier.vertical * 80 + rectifier.horizontal * 50
    let l = try #require(rectifier.commonModel(for: .left).project(point))
    let r = try #require(rectifier.commonModel(for: .right).project(point))
    #expect(abs(l.y - r.y) < 1e-6)
  }

  @Test func twoEyesAtOnePlaceHaveNoBaseline() throws {
    let (_, _, leftModel, _) = try realPair()
    #expect(throws: ImagingError.invalidInput(path: "pair", reason: "the two cameras have no baseline")) {
      try StereoRectifier(left: leftModel, right: leftModel, width: 10, height: 10, source: "pair")
    }
  }
}
