import Foundation

/// A setting that cannot work, found before any request; each case names the value and where it came from
/// (`environment ROVER_SERVICE`, `file /home/me/.config/rover/APIKeys.plist`), never the value of a key.
///
/// New cases may come in a minor version (Swift on Linux builds RoverCore without library evolution, so the enum
/// cannot be marked non-frozen): switch over the cases you act on and end with `default:`.
public enum SettingsError: Error, Equatable, Sendable {
  /// A service name that is neither `auto` nor a preset; `known` lists the names that work.
  case unknownService(name: String, source: String, known: [String])
  /// A base URL that is not absolute http(s) with a host.
  case invalidBaseURL(text: String, source: String)
  /// A base URL given while the service is `auto`, where each service needs its own.
  case baseURLNeedsOneService(text: String, source: String)
  /// A cache size that is not a byte count such as `200MB`.
  case invalidCacheSize(text: String, source: String)
  /// An HTTP engine name this build does not have; `known` lists those it has.
  case unknownEngine(name: String, source: String, known: [String])
  /// A settings file that exists but cannot be read.
  case unreadableFile(path: String)
  /// A settings file that is not a property list.
  case invalidPropertyList(path: String)
  /// A settings file whose top level is not a dictionary.
  case notADictionary(path: String)
  /// A settings file past `limit` bytes, refused unread.
  case fileTooLarge(path: String, limit: Int)
  /// An API key with control characters (a line break would forge HTTP headers): refused, never sent or shown.
  case keyWithControlCharacters(source: String)
  /// A CA file (`--cacert`, `SSL_CERT_FILE`) that cannot be used; `reason` says why (unreadable, no PEM in it).
  case invalidCAFile(path: String, source: String, reason: String)
  /// A CA file with the URLSession engine (`engineSource` says who chose it), which on Linux cannot be given one:
  /// refused rather than ignored, so no request goes out trusting other CAs than the user named.
  case caFileNeedsCurl(path: String, source: String, engineSource: String)
}

extension SettingsError: LocalizedError {
  /// One lowercase clause naming the bad value and its source.
  public var errorDescription: String? {
    switch self {
    case .unknownService(let name, let source, let known):
      return "unknown service '\(name)' from \(source) (choose one of: \(known.joined(separator: ", ")))"
    case .invalidBaseURL(let text, let source):
      return "invalid base URL '\(Redactor.redactKeyParameters(text))' from \(source) (expected http:// or https://)"
    case .baseURLNeedsOneService(let text, let source):
      // The environment's way to point `auto`'s services elsewhere, where the value came from there.
      let hint =
        source == SettingSource.given.description
        ? "give the service it is" : "point a service at it with ROVER_<SERVICE>_URL instead"
      return "a base URL ('\(Redactor.redactKeyParameters(text))' from \(source)) needs one service, not auto; \(hint)"
    case .invalidCacheSize(let text, let source):
      return "invalid cache size '\(text)' from \(source) (expected e.g. 200MB)"
    case .unknownEngine(let name, let source, let known):
      return "unknown HTTP engine '\(name)' from \(source) (choose one of: \(known.joined(separator: ", ")))"
    case .unreadableFile(let path):
      return "cannot read \(path)"
    case .invalidPropertyList(let path):
      return "\(path) is not a valid property list"
    case .notADictionary(let path):
      return "\(path) must hold a dictionary"
    case .fileTooLarge(let path, let limit):
      return "\(path) is larger than \(limit / 1024) KB; a settings file is a few lines"
    case .keyWithControlCharacters(let source):
      return "the API key from \(source) contains control characters (a line break?); not using it"
    case .invalidCAFile(let path, let source, let reason):
      return "cannot use the CA file \(path) from \(source): \(reason)"
    case .caFileNeedsCurl(let path, let source, let engineSource):
      let fix =
        engineSource.hasPrefix("environment") ? "use the curl engine (unset ROVER_HTTP_ENGINE)" : "use the curl engine"
      return "the CA file \(path) from \(source) needs the curl engine: URLSession (from \(engineSource)) cannot be "
        + "given a CA file on Linux; \(fix)"
    }
  }
}
