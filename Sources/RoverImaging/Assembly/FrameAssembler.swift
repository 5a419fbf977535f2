import RoverCore

/// Builds whole frames from their tiles: each tile's pixels placed on a canvas the size of the sensor divided by the
/// scale, at ((x − 1) / scale, (y − 1) / scale) from its subframe.
///
/// Why: Perseverance sends every full-field Navcam and Hazcam frame at scale 1 or 2 as tiles (16 at scale 1, 4 at
/// scale 2) that overlap by a few columns and rows; the overlaps agree pixel for pixel, so placing tiles at their
/// subframe offsets rebuilds the frame exactly, with no blending. Tiles are decoded one at a time, so memory is the
/// canvas plus one tile.
///
/// Value type, no shared state: one assembler may be used from several tasks at once.
public struct FrameAssembler: Sendable {
  /// How frames are assembled.
  public struct Options: Sendable {
    /// Scale each tile's levels so that its overlap with the tiles placed before it has the same mean; off by
    /// default, as the real tiles already agree and matching alters the data.
    public var matchLevels: Bool
    /// Turn a Bayer mosaic (colour letter `E`) into RGB after assembly (bilinear); on by default.
    public var debayer: Bool
    /// The full sensor's columns and rows, for a camera rover does not know; nil: Perseverance's engineering
    /// cameras are 5120 × 3840, and any other canvas ends where its tiles do.
    public var sensor: (width: Int, height: Int)?

    /// Options from their parts; the defaults place tiles as they are and debayer mosaics.
    public init(matchLevels: Bool = false, debayer: Bool = true, sensor: (width: Int, height: Int)? = nil) {
      self.matchLevels = matchLevels
      self.debayer = debayer
      self.sensor = sensor
    }

  }

  /// The options every ``assemble(_:file:)`` call uses.
  public var options: Options

  /// An assembler with the given options.
  public init(options: Options = Options()) {
    self.options = options
  }

  /// Assembles one exposure.
  ///
  /// - Parameters:
  ///   - exposure: the tiles, each with its metadata (subframe, scale, camera model).
  ///   - file: the image file of a tile, or nil for a tile that is not at hand (left out, like a tile the exposure
  ///     never sent).
  /// - Returns: the canvas (with an alpha channel, 0 where no tile lies, when part of it is uncovered) and its report.
  /// - Throws: ``ImagingError/invalidInput(path:reason:)`` for tiles of mixed eyes, scales, channels or bit depths,
  ///   a subframe outside the sensor, or a tile whose size disagrees with its subframe; the codec's errors for a
  ///   tile that cannot be decoded.
  public func assemble(_ exposure: TiledExposure, file: (Photo) -> String?) throws(ImagingError) -> AssembledFrame {
    let plan = try AssemblyPlan(exposure, sensor: options.sensor, files: file)
    var canvas: Raster?
    var placed: [TilePlacement] = []
    for placement in plan.placements {
      var tile = try ImageCodec.decode(contentsOf: placement.path)
      try placement.check(tile)
      let channels = tile.channels + (plan.uncovered > 0 ? 1 : 0)
      if canvas == nil {
        canvas = Raster(width: plan.width, height: plan.height, channels: channels, bitDepth: tile.bitDepth)
      }
      guard canvas?.channels == channels, canvas?.bitDepth == tile.bitDepth else {
        throw .invalidInput(
          path: placement.path, reason: "tile has \(tile.channels) channels of \(tile.bitDepth) bits, unlike the others"
        )
      }
      if options.matchLevels, let current = canvas {
        LevelMatching.match(&tile, at: placement, against: placed, in: current)
      }
      // Through the optional, in place: the canvas is never copied.
      canvas?.place(tile, at: placement.x, placement.y)
      placed.append(placement)
    }
    guard var frame = canvas else {
      throw .invalidInput(path: exposure.name, reason: "no tile of the exposure is at hand")
    }
    let debayer = options.debayer && plan.isBayer && (frame.channels == 1 || frame.channels == 2)
    if debayer { frame = Debayer.bilinear(frame, phaseX: plan.bayerPhaseX, phaseY: plan.bayerPhaseY) }
    let report = plan.report(
      frame: frame, placed: placed, debayered: debayer, levelsMatched: options.matchLevels)
    return AssembledFrame(raster: frame, report: report)
  }
}
