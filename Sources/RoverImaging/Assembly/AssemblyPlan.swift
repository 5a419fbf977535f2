import RoverCore

/// An exposure checked and laid out before any pixel is decoded: canvas size, each tile's place, what is missing.
struct AssemblyPlan {
  var name: String
  var camera: String
  var eye: String?
  var scale: Int
  var width: Int
  var height: Int
  var placements: [TilePlacement]
  var missing: [Int]
  var uncovered: Int
  var isBayer: Bool
  /// The Bayer pattern's phase at canvas pixel (0, 0): the sensor parity of the canvas origin (sensor pixel 1, 1).
  var bayerPhaseX = 0
  var bayerPhaseY = 0

  init(_ exposure: TiledExposure, sensor given: (width: Int, height: Int)? = nil, files: (Photo) -> String?)
    throws(ImagingError)
  {
    name = exposure.name
    guard let first = exposure.tiles.first else { throw .invalidInput(path: name, reason: "exposure has no tile") }
    camera = first.camera.name
    eye = first.frame?.eye?.rawValue
    isBayer = first.frame?.color == "E"
    scale = try Self.commonScale(exposure, name: name)
    let sensor = given ?? SensorSize.of(first)
    var placements: [TilePlacement] = []
    var absent: [Int] = []
    for (index, photo) in exposure.tiles.enumerated() {
      let tile = photo.frame?.tile ?? index + 1
      guard photo.frame?.eye?.rawValue == eye else {
        throw .invalidInput(path: name, reason: "tiles of both eyes in one exposure (tile \(tile))")
      }
      guard let subframe = photo.metadata.subframe else {
        throw .invalidInput(path: name, reason: "tile \(tile) has no subframe")
      }
      try Self.check(subframe, sensor: sensor, scale: scale, tile: tile, name: name)
      guard let path = files(photo) else {
        absent.append(tile)
        continue
      }
      placements.append(
        TilePlacement(
          tile: tile, photo: photo, path: path, subframe: subframe, scale: scale, x: (subframe.x - 1) / scale,
          y: (subframe.y - 1) / scale, width: subframe.width / scale, height: subframe.height / scale))
    }
    let extent = sensor ?? Self.extent(of: placements.map(\.subframe))
    width = max(1, extent.width / scale)
    height = max(1, extent.height / scale)
    self.placements = placements
    uncovered = Self.uncoveredPixels(placements, width: width, height: height)
    let expected = sensor != nil && scale <= 2 ? 16 / (scale * scale) : 0
    let present = Set(placements.map(\.tile))
    let numbered = Set(exposure.tiles.compactMap { $0.frame?.tile })
    let guessed = uncovered > 0 ? Set(1...max(expected, numbered.max() ?? 1)).subtracting(numbered) : []
    missing = Set(absent).union(guessed).subtracting(present).sorted()
  }

  /// Every tile's scale, which must be one.
  private static func commonScale(_ exposure: TiledExposure, name: String) throws(ImagingError) -> Int {
    let scales = Set(exposure.tiles.map { $0.metadata.scaleFactor ?? $0.frame?.downsample ?? 1 })
    guard scales.count == 1, let scale = scales.first else {
      throw .invalidInput(path: name, reason: "tiles of scales \(scales.sorted()) in one exposure")
    }
    guard (1...8).contains(scale) else { throw .invalidInput(path: name, reason: "scale \(scale) is not 1 to 8") }
    return scale
  }

  private static func check(
    _ subframe: Subframe, sensor: (width: Int, height: Int)?, scale: Int, tile: Int, name: String
  ) throws(ImagingError) {
    let limit = sensor ?? (65_535 * scale, 65_535 * scale)
    let fits =
      subframe.x >= 1 && subframe.y >= 1 && subframe.width >= scale && subframe.height >= scale
      && subframe.width <= limit.width && subframe.height <= limit.height
      && subframe.x - 1 <= limit.width - subframe.width && subframe.y - 1 <= limit.height - subframe.height
    guard fits else {
      throw .invalidInput(
        path: name,
        reason: "tile \(tile)'s subframe (\(subframe.x),\(subframe.y),\(subframe.width),\(subframe.height)) "
          + "lies outside the \(limit.width)x\(limit.height) sensor")
    }
  }

  /// The sensor extent the tiles reach, from sensor pixel (1, 1): the canvas of a camera whose sensor is unknown.
  private static func extent(of subframes: [Subframe]) -> (width: Int, height: Int) {
    (
      subframes.map { $0.x - 1 + $0.width }.max() ?? 1,
      subframes.map { $0.y - 1 + $0.height }.max() ?? 1
    )
  }

  /// Canvas pixels no placed tile covers, counted over the cells the tiles' edges cut the canvas into.
  static func uncoveredPixels(_ placements: [TilePlacement], width: Int, height: Int) -> Int {
    let xs = Set([0, width] + placements.flatMap { [$0.x, min(width, $0.x + $0.width)] }).sorted()
    let ys = Set([0, height] + placements.flatMap { [$0.y, min(height, $0.y + $0.height)] }).sorted()
    var uncovered = 0
    for (left, right) in zip(xs, xs.dropFirst()) where left < width {
      for (top, bottom) in zip(ys, ys.dropFirst()) where top < height {
        if !placements.contains(where: { $0.covers(column: left, row: top) }) {
          uncovered += (right - left) * (bottom - top)
        }
      }
    }
    return uncovered
  }
}
