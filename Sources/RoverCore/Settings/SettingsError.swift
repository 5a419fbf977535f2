import Foundation

/// A setting that cannot work, found before any request; each names the value and where it came from.
public enum SettingsError: Error, Equatable, Sendable {
  case unknownService(name: String, source: String, known: [String])
  case invalidBaseURL(text: String, source: String)
  case invalidCacheSize(text: String, source: String)
  case unreadableFile(path: String)
  case invalidPropertyList(path: String)
  case notADictionary(path: String)
}

extension SettingsError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .unknownService(let name, let source, let known):
      return "unknown service '\(name)' from \(source) (choose one of: \(known.joined(separator: ", ")))"
    case .invalidBaseURL(let text, let source):
      return "invalid base URL '\(Redactor.redactKeyParameters(text))' from \(source) (expected http:// or https://)"
    case .invalidCacheSize(let text, let source):
      return "invalid cache size '\(text)' from \(source) (expected e.g. 200MB)"
    case .unreadableFile(let path):
      return "cannot read \(path)"
    case .invalidPropertyList(let path):
      return "\(path) is not a valid property list"
    case .notADictionary(let path):
      return "\(path) must hold a dictionary"
    }
  }
}
