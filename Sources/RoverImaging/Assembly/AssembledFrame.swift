import RoverCore

/// An assembled frame and what went into it.
public struct AssembledFrame: Sendable {
  /// The canvas.
  public var raster: Raster
  /// The tiles used and missing, the union subframe and the camera model moved onto the canvas.
  public var report: AssemblyReport

  /// A frame from its parts.
  public init(raster: Raster, report: AssemblyReport) {
    self.raster = raster
    self.report = report
  }
}
