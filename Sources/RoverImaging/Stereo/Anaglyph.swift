import RoverCore

/// A stereo picture made from a pair, and how its eyes were aligned.
public struct Anaglyph: Sendable {
  /// How the right eye was brought onto the left eye's rows.
  public enum Rectification: Sendable, Hashable {
    /// Both eyes resampled onto a common linear camera from their full models.
    case cameraModels
    /// No usable model: the right eye moved by `rows` (positive: its content moved up), found by correlating
    /// blocks of the two pictures.
    case verticalShift(rows: Int)
  }

  /// The picture: RGB, the eyes' width (twice it side by side) and height, their bit depth.
  public var raster: Raster
  /// How the eyes were aligned.
  public var rectification: Rectification
  /// Why the camera models were not used, for a ``Rectification/verticalShift(rows:)``; nil otherwise.
  public var fallbackReason: String?

  /// An anaglyph from its parts.
  public init(raster: Raster, rectification: Rectification, fallbackReason: String? = nil) {
    self.raster = raster
    self.rectification = rectification
    self.fallbackReason = fallbackReason
  }
}
