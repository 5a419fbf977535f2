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

  /// Hides any `api_key=` value, and the password of any `scheme://user:password@host`, even when they are not
  /// known to us (a user pasting a URL into `--base-url`).
  package static func redactKeyParameters(_ text: String) -> String {
    let text = redactPasswords(text)
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

  /// `scheme://user:password@host` becomes `scheme://user:REDACTED@host`, for every URL in `text`.
  static func redactPasswords(_ text: String) -> String {
    guard text.contains("://"), text.contains("@") else { return text }
    var output = ""
    var remainder = Substring(text)
    while let scheme = remainder.range(of: "://") {
      output += remainder[..<scheme.upperBound]
      remainder = remainder[scheme.upperBound...]
      // The authority ends at the path, query or fragment, or where the URL itself ends.
      let authorityEnd = remainder.firstIndex { "/?# \"'".contains($0) } ?? remainder.endIndex
      let authority = remainder[..<authorityEnd]
      if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
        output += authority[...colon] + placeholder + authority[at...]
      } else {
        output += authority
      }
      remainder = remainder[authorityEnd...]
    }
    return output + remainder
  }
}
