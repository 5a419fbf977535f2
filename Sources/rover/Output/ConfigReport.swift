import RoverCore

/// `rover config`'s content: each setting and its source, every service's URL and whether a key goes to it (the
/// key itself only as redacted).
struct ConfigReport: Encodable {
  struct Entry: Encodable {
    var value: String?
    var source: String
  }

  struct Route: Encodable {
    var service: String
    var baseURL: String
    var source: String
    /// Where the key sent to this service comes from; nil: no key is sent.
    var keyFrom: String?

    enum CodingKeys: String, CodingKey {
      case service, source
      case baseURL = "base_url"
      case keyFrom = "key_from"
    }
  }

  var service: Entry
  var baseURL: Entry
  var apiKey: Entry
  var services: [Route]
  var cacheDirectory: Entry
  var cacheSize: Entry
  /// The HTTP engine: `curl` or `urlsession`, and why (`ROVER_HTTP_ENGINE`, or this build's default).
  var httpEngine: Entry
  /// The CA file HTTPS servers are verified against and who named it (`--cacert`, `SSL_CERT_FILE`); value nil:
  /// the system's CAs.
  var caFile: Entry
  /// Where positions come from: NASA's mission-map layers (`--places-url`, `ROVER_PLACES_URL`).
  var placesURL: Entry
  var files: [String]

  enum CodingKeys: String, CodingKey {
    case service, services, files
    case baseURL = "base_url"
    case apiKey = "api_key"
    case cacheDirectory = "cache_dir"
    case cacheSize = "cache_size"
    case httpEngine = "http_engine"
    case caFile = "ca_file"
    case placesURL = "places_url"
  }

  init(_ settings: ConnectionSettings) {
    service = Entry(value: settings.serviceChoice.value.description, source: settings.serviceChoice.source.description)
    baseURL = Entry(
      value: settings.baseURLChoice.map { Redactor.redactKeyParameters($0.value.absoluteString) },
      source: settings.baseURLChoice?.source.description ?? "per service")
    // The demo key is public; any other key is shown only as redacted.
    let key = settings.apiKeyChoice.value.map { $0 == "DEMO_KEY" ? $0 : Redactor.placeholder }
    apiKey = Entry(value: key, source: settings.apiKeyChoice.source.description)
    let shown: [ServicePreset] =
      if case .preset(let preset) = settings.serviceChoice.value { [preset] } else { ServicePreset.allCases }
    services = shown.map { preset in
      let route = settings.route(for: preset)
      return Route(
        service: preset.rawValue, baseURL: Redactor.redactKeyParameters(route.url.value.absoluteString),
        source: route.url.source.description, keyFrom: route.key?.description)
    }
    cacheDirectory = Entry(
      value: settings.cacheDirectoryChoice.value.path, source: settings.cacheDirectoryChoice.source.description)
    cacheSize = Entry(
      value: String(settings.cacheMaxBytesChoice.value), source: settings.cacheMaxBytesChoice.source.description)
    let engine = settings.engineChoice
    httpEngine = Entry(
      value: engine.value.rawValue,
      source: engine.source == .builtIn ? "default: \(Self.why(engine.value))" : engine.source.description)
    caFile =
      settings.caFileChoice.map { Entry(value: $0.value, source: $0.source.description) }
      ?? Entry(value: nil, source: "default: the system's CAs")
    placesURL = Entry(
      value: Redactor.redactKeyParameters(settings.placesURL.value.absoluteString),
      source: settings.placesURL.source.description)
    files = settings.files
  }

  private static func why(_ engine: HTTPEngineKind) -> String {
    engine == .curl ? "libcurl, the fastest here" : "this build has no libcurl"
  }

  /// The built-in key a preset sends when given none: NASA's shared `DEMO_KEY`, limited per address.
  static func isSharedDemoKey(_ route: Route) -> Bool {
    route.keyFrom == SettingSource.preset(route.service).description
      && ServicePreset(rawValue: route.service)?.defaultAPIKey == "DEMO_KEY"
  }

  /// At most 80 columns: a setting's source goes under its value when both would not fit on one line.
  var text: String {
    let demo = "NASA's shared DEMO_KEY; --api-key for your own"
    var rows: [(String, String, String)] = [
      ("service", service.value ?? "-", "(\(service.source))"),
      ("base url", baseURL.value ?? "-", "(\(baseURL.source))"),
      (
        "api key", apiKey.value ?? "not set",
        apiKey.value == "DEMO_KEY" ? "(\(apiKey.source); \(demo))" : "(\(apiKey.source))"
      ),
    ]
    for route in services {
      let key = Self.isSharedDemoKey(route) ? demo : route.keyFrom.map { "key from \($0)" } ?? "no key"
      rows.append((route.service, route.baseURL, "(\(route.source)); \(key)"))
    }
    rows += [
      ("cache dir", cacheDirectory.value ?? "-", "(\(cacheDirectory.source))"),
      ("cache size", "\(cacheSize.value ?? "-") bytes", "(\(cacheSize.source))"),
      ("http engine", httpEngine.value ?? "-", "(\(httpEngine.source))"),
      ("ca file", caFile.value ?? "system CAs", "(\(caFile.source))"),
      ("places url", placesURL.value ?? "-", "(\(placesURL.source))"),
      ("files", files.isEmpty ? "none found" : files.joined(separator: ", "), ""),
    ]
    let keyWidth = rows.map(\.0.count).max() ?? 0
    let indent = String(repeating: " ", count: keyWidth + 2)
    let lines = rows.map { key, value, source -> String in
      let head = key + String(repeating: " ", count: keyWidth - key.count) + "  " + ControlCharacters.escaped(value)
      let tail = ControlCharacters.escaped(source)
      if tail.isEmpty { return head }
      let oneLine = head + "  " + tail
      return DisplayWidth.of(oneLine) <= Self.width ? oneLine : head + "\n" + indent + tail
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static let width = 80
}
