import Foundation
import RoverCore
import Testing

@testable import RoverImaging

@Suite struct JPLCameraModelTests {
  private let linear = JPLCameraModel(
    kind: .cahv, c: Vector3(1, 2, 3), a: Vector3(1, 0, 0), h: Vector3(640, 1000, 0), v: Vector3(480, 0, 1000))

  @Test func aLinearModelProjectsAsAPinhole() throws {
    let point = try #require(linear.project(Vector3(11, 2.5, 3.2)))
    #expect(abs(point.x - (640 + 1000 * 0.05)) < 1e-9)
    #expect(abs(point.y - (480 + 1000 * 0.02)) < 1e-9)
    #expect(linear.project(Vector3(-5, 2, 3)) == nil)
  }

  @Test func cahvoreWithoutDistortionAndLinearityOneIsTheLinearModel() throws {
    var model = linear
    model.kind = .cahvore
    model.o = Vector3(1, 0, 0)
    for target in [Vector3(11, 2.5, 3.2), Vector3(6, -1, 5)] {
      let a = try #require(linear.project(target))
      let b = try #require(model.project(target))
      #expect(abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6)
    }
  }

  @Test func theRealNavcamModelReadsAsAFishEyeAndRoundTripsThroughTheFeedForm() throws {
    let feed = try #require(RealTiles.photo(eye: "L", tile: 1).metadata.cameraModel)
    let model = try JPLCameraModel(feed, source: "L")
    #expect(model.kind == .cahvore && model.linearity == 0)
    #expect(try JPLCameraModel(model.cameraModel, source: "again") == model)
    // A ray along the distortion axis meets the image where A·H and A·V say, give or take the axes' small angle.
    let center = try #require(model.project(model.c + model.o * 100))
    #expect(abs(center.x - model.horizontalCenter) < 5 && abs(center.y - model.verticalCenter) < 5)
  }

  @Test func movingOnTheImagePlaneMovesEveryProjectionByTheOffset() throws {
    let moved = linear.movedOnImagePlane(dx: 1272, dy: -3)
    let a = try #require(linear.project(Vector3(9, -1, 4)))
    let b = try #require(moved.project(Vector3(9, -1, 4)))
    #expect(abs(b.x - a.x - 1272) < 1e-9 && abs(b.y - a.y + 3) < 1e-9)
  }
}
