import Foundation

/// The one place that knows the API-compatible services' paths and query items (api-reference.md, sections 1-3).
package enum APIEndpoint: Hashable, Sendable {
  case rovers
  case rover(String)
  case manifest(String)
  case photos(rover: String, selection: PhotoSelection, camera: String?, page: Int?, perPage: Int?)
  case photo(PhotoID)

  /// The path below the base URL, with the rover name lower-cased and every segment percent-encoded.
  package var pathSegments: [String] {
    switch self {
    case .rovers: return ["rovers"]
    case .rover(let name): return ["rovers", name.lowercased()]
    case .manifest(let name): return ["manifests", name.lowercased()]
    case .photos(let rover, .latest, _, _, _): return ["rovers", rover.lowercased(), "latest_photos"]
    case .photos(let rover, _, _, _, _): return ["rovers", rover.lowercased(), "photos"]
    case .photo(let id): return ["photos", id.description]
    }
  }

  package var queryItems: [URLQueryItem] {
    guard case .photos(_, let selection, let camera, let page, let perPage) = self else { return [] }
    var items: [URLQueryItem] = []
    switch selection {
    case .sol(let sol): items.append(URLQueryItem(name: "sol", value: String(sol)))
    case .earthDate(let date): items.append(URLQueryItem(name: "earth_date", value: date.description))
    case .latest: break
    }
    if let camera { items.append(URLQueryItem(name: "camera", value: camera)) }
    if let page { items.append(URLQueryItem(name: "page", value: String(page))) }
    if let perPage { items.append(URLQueryItem(name: "per_page", value: String(perPage))) }
    return items
  }

  /// The rover a failure of this endpoint is about, so a 404 can say "unknown rover" rather than "not found".
  package var roverName: String? {
    switch self {
    case .rover(let name), .manifest(let name): return name
    case .photos(let rover, _, _, _, _): return rover
    case .rovers, .photo: return nil
    }
  }

  /// The full URL: base URL path kept (`/api/v1`), then this endpoint's path, then the query.
  package func url(baseURL: URL, extraQueryItems: [URLQueryItem] = []) -> URL {
    var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
    var path = components.percentEncodedPath
    while path.hasSuffix("/") { path.removeLast() }
    for segment in pathSegments {
      path += "/" + (segment.addingPercentEncoding(withAllowedCharacters: .pathSegmentAllowed) ?? segment)
    }
    components.percentEncodedPath = path
    let items = queryItems + extraQueryItems
    if !items.isEmpty {
      components.percentEncodedQueryItems = items.map {
        URLQueryItem(name: $0.name, value: $0.value?.addingPercentEncoding(withAllowedCharacters: .queryValueAllowed))
      }
    }
    return components.url ?? baseURL
  }
}

extension CharacterSet {
  static let pathSegmentAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/;?#"))
  static let queryValueAllowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+;#?/"))
}
