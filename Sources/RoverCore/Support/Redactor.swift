import Foundation

/// Removes secrets from anything a user might see: URLs, error messages, logs.
package struct Redactor: Sendable {
  package static let placeholder = "REDACTED"
  private let secrets: [String]

  package init(secrets: [String?]) {
    // Longest first, so a key that contains another key is hidden whole.
    self.secrets = secrets.compactMap { $0 }.filter { $0.count >= 3 }.sorted { $0.count > $1.count }
  }

  package func redact(_ text: String) -> String {
    var result = text
    for secret in secrets {
      result = result.replacingOccurrences(of: secret, with: Redactor.placeholder)
      if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed), encoded != secret {
        result = result.replacingOccurrences(of: encoded, with: Redactor.placeholder)
      }
    }
    return Redactor.redactKeyParameters(result)
  }

  package func redact(_ url: URL) -> String { redact(url.absoluteString) }

  /// Hides any `api_key=` value even when the key is not known to us (a user pasting a URL into `--base-url`).
  package static func redactKeyParameters(_ text: String) -> String {
    guard text.contains("api_key=") else { return text }
    var output = ""
    var remainder = Substring(text)
    while let range = remainder.range(of: "api_key=") {
      output += remainder[..<range.upperBound]
      remainder = remainder[range.upperBound...]
      let end = remainder.firstIndex { $0 == "&" || $0 == "#" || $0 == " " || $0 == "\"" } ?? remainder.endIndex
      if remainder.startIndex != end, remainder[remainder.startIndex..<end] != Substring(placeholder) {
        output += placeholder
      } else {
        output += remainder[remainder.startIndex..<end]
      }
      remainder = remainder[end...]
    }
    return output + remainder
  }
}
