import RoverCore

/// What went into an assembled frame: written beside it as a JSON sidecar and printed by `rover assemble --format
/// json`.
///
/// JSON keys are snake_case and always present, `null` where unknown: `name`, `camera`, `eye`, `scale`, `width`,
/// `height`, `channels`, `bit_depth`, `tiles_used`, `tiles_missing`, `uncovered_pixels`, `union_subframe`
/// (`{x, y, width, height}` in full-sensor pixels, x and y from 1), `camera_model` (the feed's form, moved onto the
/// canvas), `debayered`, `levels_matched`.
public struct AssemblyReport: Sendable, Hashable, Codable {
  /// The assembled frame's name, without extension.
  public var name: String
  /// The camera, as the feed names it (`NAVCAM_LEFT`).
  public var camera: String
  /// `left` or `right`; nil for a mono camera.
  public var eye: String?
  /// Sensor pixels per delivered pixel along each side (1, 2, 4, 8).
  public var scale: Int
  /// Canvas columns: the sensor's width divided by the scale.
  public var width: Int
  /// Canvas rows: the sensor's height divided by the scale.
  public var height: Int
  /// Samples per pixel of the written PNG (alpha last where tiles are missing).
  public var channels: Int
  /// Bits per sample of the written PNG: 8, or 16 where the tiles are.
  public var bitDepth: Int
  /// The tile numbers placed, in order.
  public var tilesUsed: [Int]
  /// The tile numbers expected but not placed (left transparent); empty when the canvas is covered.
  public var tilesMissing: [Int]
  /// Canvas pixels no tile covers (transparent).
  public var uncoveredPixels: Int
  /// The smallest sensor rectangle holding every placed tile, in full-sensor pixels.
  public var unionSubframe: Subframe
  /// The camera model in the canvas's pixels: a tile's model with H and V moved by the tile's offset; nil where the
  /// feed gave none.
  public var cameraModel: CameraModel?
  /// Whether a Bayer mosaic (colour letter `E`) was turned into RGB after assembly.
  public var debayered: Bool
  /// Whether tiles' levels were scaled to agree in their overlaps (`--match-levels`).
  public var levelsMatched: Bool

  /// A report from its parts, as ``FrameAssembler`` or a test makes one.
  public init(
    name: String, camera: String, eye: String?, scale: Int, width: Int, height: Int, channels: Int, bitDepth: Int,
    tilesUsed: [Int], tilesMissing: [Int], uncoveredPixels: Int, unionSubframe: Subframe, cameraModel: CameraModel?,
    debayered: Bool, levelsMatched: Bool
  ) {
    self.name = name
    self.camera = camera
    self.eye = eye
    self.scale = scale
    self.width = width
    self.height = height
    self.channels = channels
    self.bitDepth = bitDepth
    self.tilesUsed = tilesUsed
    self.tilesMissing = tilesMissing
    self.uncoveredPixels = uncoveredPixels
    self.unionSubframe = unionSubframe
    self.cameraModel = cameraModel
    self.debayered = debayered
    self.levelsMatched = levelsMatched
  }

  enum CodingKeys: String, CodingKey {
    case name, camera, eye, scale, width, height, channels, debayered
    case bitDepth = "bit_depth", tilesUsed = "tiles_used", tilesMissing = "tiles_missing"
    case uncoveredPixels = "uncovered_pixels", unionSubframe = "union_subframe", cameraModel = "camera_model"
    case levelsMatched = "levels_matched"
  }

  /// Writes every key, `null` for an unknown eye or model.
  ///
  /// - Throws: whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(camera, forKey: .camera)
    try container.encode(eye, forKey: .eye)
    try container.encode(scale, forKey: .scale)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
    try container.encode(channels, forKey: .channels)
    try container.encode(bitDepth, forKey: .bitDepth)
    try container.encode(tilesUsed, forKey: .tilesUsed)
    try container.encode(tilesMissing, forKey: .tilesMissing)
    try container.encode(uncoveredPixels, forKey: .uncoveredPixels)
    try container.encode(unionSubframe, forKey: .unionSubframe)
    try container.encode(cameraModel, forKey: .cameraModel)
    try container.encode(debayered, forKey: .debayered)
    try container.encode(levelsMatched, forKey: .levelsMatched)
  }
}
