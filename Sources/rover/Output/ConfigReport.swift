import RoverCore

/// `rover config`'s content: each setting, its source, and the key only as "set"/"not set".
struct ConfigReport: Encodable {
  struct Entry: Encodable {
    var value: String?
    var source: String
  }

  var service: Entry
  var baseURL: Entry
  var apiKey: Entry
  var cacheDirectory: Entry
  var cacheSize: Entry
  /// Where the key is sent, if anywhere: the question that matters when files from several places combine.
  var keySentTo: String?
  var files: [String]

  enum CodingKeys: String, CodingKey {
    case service, files
    case baseURL = "base_url"
    case apiKey = "api_key"
    case keySentTo = "key_sent_to"
    case cacheDirectory = "cache_dir"
    case cacheSize = "cache_size"
  }

  init(_ settings: ConnectionSettings) {
    service = Entry(value: settings.service.value.rawValue, source: settings.service.source.description)
    baseURL = Entry(
      value: settings.baseURL.value.absoluteString, source: settings.baseURL.source.description)
    // The demo key is public; any other key is shown only as redacted.
    let key = settings.apiKey.value.map { $0 == "DEMO_KEY" ? $0 : Redactor.placeholder }
    apiKey = Entry(value: key, source: settings.apiKey.source.description)
    cacheDirectory = Entry(
      value: settings.cacheDirectory.value.path, source: settings.cacheDirectory.source.description)
    cacheSize = Entry(value: String(settings.cacheMaxBytes.value), source: settings.cacheMaxBytes.source.description)
    keySentTo = settings.apiKey.value == nil ? nil : Redactor.redactKeyParameters(settings.baseURL.value.absoluteString)
    files = settings.files
  }

  var text: String {
    TableRenderer.keyValues([
      ("service", "\(service.value ?? "-")  (\(service.source))"),
      ("base url", "\(baseURL.value ?? "-")  (\(baseURL.source))"),
      ("api key", "\(apiKey.value ?? "not set")  (\(apiKey.source))"),
      ("key sent to", keySentTo ?? "nowhere"),
      ("cache dir", "\(cacheDirectory.value ?? "-")  (\(cacheDirectory.source))"),
      ("cache size", "\(cacheSize.value ?? "-") bytes  (\(cacheSize.source))"),
      ("files", files.isEmpty ? "none found" : files.joined(separator: ", ")),
    ])
  }
}
