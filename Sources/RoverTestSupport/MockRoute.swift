/// The `/api/v1` routes the services share, parsed from path segments after `/api/v1`.
enum MockRoute: Equatable {
  case rovers
  case rover(String)
  case photos(rover: String)
  /// `/rovers/{r}/latest_photos` in both services.
  case latestPhotos(rover: String)
  /// `/rovers/{r}/latest`, which only Mars Vista has.
  case latest(rover: String)
  case manifest(rover: String)
  case photo(id: String)
  case unknown

  /// The rover a per-rover route names.
  var rover: String? {
    switch self {
    case .rover(let name), .photos(let name), .latestPhotos(let name), .latest(let name), .manifest(let name): name
    default: nil
    }
  }

  /// `allowsJSONSuffix` mirrors Rails' optional `(.:format)` segment: `/rovers/curiosity/photos.json` is the same.
  init(segments: [String], allowsJSONSuffix: Bool) {
    var parts = segments
    if allowsJSONSuffix, let last = parts.last, last.hasSuffix(".json"), last.count > 5 {
      parts[parts.count - 1] = String(last.dropLast(5))
    }
    switch parts.count {
    case 1 where parts[0] == "rovers": self = .rovers
    case 2 where parts[0] == "rovers": self = .rover(parts[1])
    case 2 where parts[0] == "manifests": self = .manifest(rover: parts[1])
    case 2 where parts[0] == "photos": self = .photo(id: parts[1])
    case 3 where parts[0] == "rovers" && parts[2] == "photos": self = .photos(rover: parts[1])
    case 3 where parts[0] == "rovers" && parts[2] == "latest_photos": self = .latestPhotos(rover: parts[1])
    case 3 where parts[0] == "rovers" && parts[2] == "latest": self = .latest(rover: parts[1])
    default: self = .unknown
    }
  }
}
