import Foundation

/// The common linear camera a stereo pair is resampled to, so that a scene point lies on the same row in both eyes.
///
/// Both eyes get one CAHV camera that differs only in its centre C: x along the baseline C_R − C_L, the pointing the
/// mean of the two eyes' axes made orthogonal to the baseline, the focal lengths and centre the means of the eyes'
/// linear parts. Each output pixel's ray is then projected through the eye's **full** model (CAHVORE for
/// Perseverance's Navcams): keeping only the CAHV core leaves a fish-eye's edges pixels off.
///
/// Value type, no shared state; ``rectify(_:eye:into:column:channels:)`` spreads its rows over the cores.
public struct StereoRectifier: Sendable {
  /// Which eye's image is being resampled.
  public enum Eye: Sendable, Hashable {
    /// The left camera.
    case left
    /// The right camera.
    case right
  }

  /// The left eye's full model.
  public let left: JPLCameraModel
  /// The right eye's full model.
  public let right: JPLCameraModel
  /// The output size: both eyes' size, which must agree.
  public let width: Int
  /// The output size: both eyes' size, which must agree.
  public let height: Int
  /// The common pointing (unit).
  public let axis: Vector3
  /// The common image x direction (unit): along the baseline.
  public let horizontal: Vector3
  /// The common image y direction (unit): axis × horizontal, downwards in the image.
  public let vertical: Vector3
  /// The common focal lengths, pixels.
  public let focalX: Double
  /// The common focal lengths, pixels.
  public let focalY: Double
  /// The common image centre, pixels.
  public let centerX: Double
  /// The common image centre, pixels.
  public let centerY: Double

  /// Sets up the common camera of two eyes' models for images of `width` × `height`.
  ///
  /// - Throws: ``ImagingError/invalidInput(path:reason:)`` (naming `source`) when the eyes share a centre (no
  ///   baseline) or point along it.
  public init(left: JPLCameraModel, right: JPLCameraModel, width: Int, height: Int, source: String)
    throws(ImagingError)
  {
    let baseline = right.c - left.c
    guard baseline.length > 1e-6 else { throw .invalidInput(path: source, reason: "the two cameras have no baseline") }
    let x = baseline.normalized
    let mean = (left.a.normalized + right.a.normalized) * 0.5
    let pointing = mean - x * mean.dot(x)
    guard pointing.length > 1e-6 else {
      throw .invalidInput(path: source, reason: "the cameras point along their baseline")
    }
    self.left = left
    self.right = right
    self.width = width
    self.height = height
    axis = pointing.normalized
    horizontal = x
    vertical = axis.cross(x)
    focalX = (left.horizontalScale + right.horizontalScale) / 2
    focalY = (left.verticalScale + right.verticalScale) / 2
    centerX = (left.horizontalCenter + right.horizontalCenter) / 2
    centerY = (left.verticalCenter + right.verticalCenter) / 2
  }

  /// The common linear model of one eye: the shared A, H, V with that eye's C.
  public func commonModel(for eye: Eye) -> JPLCameraModel {
    JPLCameraModel(
      kind: .cahv, c: eye == .left ? left.c : right.c, a: axis, h: horizontal * focalX + axis * centerX,
      v: vertical * focalY + axis * centerY)
  }

  /// Where output pixel (`x`, `y`) comes from in `eye`'s image: its ray from the eye's centre, far out (100 km,
  /// where the fish-eye's moving entrance pupil no longer matters), projected through the eye's full model.
  func source(x: Double, y: Double, eye: Eye) -> (x: Double, y: Double)? {
    let model = eye == .left ? left : right
    let ray = axis + horizontal * ((x - centerX) / focalX) + vertical * ((y - centerY) / focalY)
    return model.project(model.c + ray.normalized * 100_000)
  }
}
