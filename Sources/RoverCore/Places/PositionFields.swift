/// A photo's position as the top-level keys of its JSON: `lon`, `lat`, `elevation`, `position_method`, each
/// `null` when unknown, so a `jq` filter or a CSV column finds them whether or not the photo has a position.
struct PositionFields: Codable {
  var lon: Double?
  var lat: Double?
  var elevation: Double?
  var positionMethod: String?

  enum CodingKeys: String, CodingKey {
    case lon, lat, elevation
    case positionMethod = "position_method"
  }

  init(_ position: Position?) {
    lon = position?.longitude
    lat = position?.latitude
    elevation = position?.elevation
    positionMethod = position?.method.rawValue
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(lon, forKey: .lon)
    try container.encode(lat, forKey: .lat)
    try container.encode(elevation, forKey: .elevation)
    try container.encode(positionMethod, forKey: .positionMethod)
  }

  /// The position a photo's JSON carries, and whether it carries the keys at all; a method rover does not know,
  /// or a coordinate that is not finite, reads as no position.
  static func decode(from decoder: any Decoder) -> (Position?, Bool) {
    guard let container = try? decoder.container(keyedBy: CodingKeys.self), container.contains(.positionMethod)
    else { return (nil, false) }
    guard
      let method = (try? container.decodeIfPresent(String.self, forKey: .positionMethod)).flatMap({ $0 })
        .flatMap(Position.Method.init(rawValue:)),
      let lon = try? container.decodeIfPresent(Double.self, forKey: .lon),
      let lat = try? container.decodeIfPresent(Double.self, forKey: .lat),
      lon.isFinite, lat.isFinite, abs(lat) <= 90
    else { return (nil, true) }
    let elevation = (try? container.decodeIfPresent(Double.self, forKey: .elevation)) ?? nil
    return (
      Position(longitude: lon, latitude: lat, elevation: elevation?.isFinite == true ? elevation : nil, method: method),
      true
    )
  }
}
