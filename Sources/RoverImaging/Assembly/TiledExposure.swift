import RoverCore

/// The tiles of one exposure of a Perseverance engineering camera (Navcam, Hazcams, CacheCam), which sends its
/// full-field frames at scale 1 and 2 cut into tiles.
///
/// Tiles belong together when their names are equal with the tile digits blanked (`FrameName.exposureKey`):
/// same camera and eye, same clock, same sequence and product. Of re-processed versions of a tile only the newest
/// is kept.
public struct TiledExposure: Sendable {
  /// The names' common key (the tile digits blanked with `*`).
  public var key: String
  /// The tiles, one per tile number, the newest version of each, in tile order.
  public var tiles: [Photo]

  /// An exposure from tiles a caller chose; ``FrameAssembler`` checks that they fit together.
  public init(key: String, tiles: [Photo]) {
    self.key = key
    self.tiles = tiles
  }

  /// The name for the assembled frame, without extension: the first tile's name with its tile digits `00` (the
  /// names' own mark for a frame that is not a tile) and without a version suffix.
  public var name: String {
    guard let stem = tiles.first?.frame?.stem, stem.utf8.count >= 52 else { return key.replacing("*", with: "0") }
    var bytes = Array(stem.utf8.prefix(52))
    (bytes[45], bytes[46]) = (UInt8(ascii: "0"), UInt8(ascii: "0"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Groups photos into tiled exposures, in the order their first tiles were given. Left out: photos that are no
  /// tile of an engineering camera (no tile field, or no subframe to place them by), and a frame sent whole as its
  /// only tile (`01` covering the whole sensor), which has nothing to assemble.
  ///
  /// - Parameter photos: one sol's photos, or any selection of them.
  public static func group(_ photos: [Photo]) -> [TiledExposure] {
    var order: [String] = []
    var byKey: [String: [Int: Photo]] = [:]
    for photo in photos {
      guard let frame = photo.frame, let key = frame.exposureKey, let tile = frame.tile,
        photo.metadata.subframe != nil, !frame.thumbnail
      else { continue }
      if byKey[key] == nil { order.append(key) }
      if let kept = byKey[key]?[tile], !isNewer(photo, than: kept) { continue }
      byKey[key, default: [:]][tile] = photo
    }
    return order.map { key in
      TiledExposure(key: key, tiles: byKey[key, default: [:]].sorted { $0.key < $1.key }.map(\.value))
    }.filter { !$0.isWholeFrame }
  }

  /// One tile whose subframe is the whole sensor (or, for a sensor rover does not know, any lone tile).
  private var isWholeFrame: Bool {
    guard tiles.count == 1, let tile = tiles.first, let subframe = tile.metadata.subframe else { return false }
    guard let sensor = SensorSize.of(tile) else { return true }
    return subframe.x == 1 && subframe.y == 1 && subframe.width >= sensor.width && subframe.height >= sensor.height
  }

  /// A higher version in the name wins; between equal versions, the one not marked older.
  private static func isNewer(_ photo: Photo, than kept: Photo) -> Bool {
    let (new, old) = (photo.frame?.version ?? 0, kept.frame?.version ?? 0)
    if new != old { return new > old }
    return kept.isOlderVersion && !photo.isOlderVersion
  }
}
