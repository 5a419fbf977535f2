import Foundation

/// One GET as the layers above describe it; the client adds redirects and retries, the engine sends it.
package struct HTTPRequest: Sendable {
  /// Where a response body goes: API answers are small and wanted whole, images stream to a file.
  package enum Body: Sendable {
    case memory
    /// Written to an open descriptor the caller owns (truncated first, so a retry starts clean), only when
    /// `keep(status, contentType)` says so as soon as the head is in; other bodies are dropped unread, so an HTML
    /// error page never costs its download. `path` names the file in messages.
    case file(descriptor: Int32, path: String, keep: @Sendable (_ status: Int, _ contentType: String) -> Bool)
  }

  package var url: URL
  package var headers: [String: String]
  package var body: Body
  /// Bytes as they are written; a failed attempt reports its bytes again as a negative count.
  package var onBytes: (@Sendable (Int) -> Void)?
  /// Whether the `.file` descriptor is new and unwritten: the engine then writes at once, without first asking where
  /// the file stands (a system call an image). The client clears it for every attempt after the first.
  package var fileIsFresh = false
  /// Header names and query items that carry a credential: like curl, dropped as soon as a redirect leaves the
  /// origin (scheme, host, port) they were configured for, so a hostile or hijacked service cannot forward them.
  package var credentialHeaders: [String] = []
  package var credentialQueryItems: [String] = []

  package init(
    url: URL, headers: [String: String] = [:], body: Body = .memory, onBytes: (@Sendable (Int) -> Void)? = nil
  ) {
    self.url = url
    self.headers = headers
    self.body = body
    self.onBytes = onBytes
  }
}

extension HTTPRequest {
  /// This request with every configured credential removed, for a hop to another origin; query items that carry
  /// a known secret under another name (a hostile server copying it into `Location`) go too.
  func withoutCredentials(redactor: Redactor) -> HTTPRequest {
    var copy = self
    let names = Set(credentialHeaders.map { $0.lowercased() })
    copy.headers = headers.filter { !names.contains($0.key.lowercased()) }
    if var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      let items = components.percentEncodedQueryItems
    {
      let kept = items.filter { item in
        !credentialQueryItems.contains(item.name) && item.value.map { redactor.redact($0) == $0 } ?? true
      }
      components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
      copy.url = components.url ?? url
    }
    copy.credentialHeaders = []
    copy.credentialQueryItems = []
    return copy
  }
}
