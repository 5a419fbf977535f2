import Foundation

/// One GET as the layers above describe it; the client adds redirects and retries, the engine sends it.
public struct HTTPRequest: Sendable {
  /// Where a response body goes: API answers are small and wanted whole, images stream to a file.
  public enum Body: Sendable {
    case memory
    /// Written only when `keep(status, contentType)` says so as soon as the head is in; other bodies are dropped
    /// unread, so an HTML error page never costs its download.
    case file(URL, keep: @Sendable (_ status: Int, _ contentType: String) -> Bool)
  }

  public var url: URL
  public var headers: [String: String]
  public var body: Body
  /// Bytes as they are written; a failed attempt reports its bytes again as a negative count.
  public var onBytes: (@Sendable (Int) -> Void)?

  public init(
    url: URL, headers: [String: String] = [:], body: Body = .memory, onBytes: (@Sendable (Int) -> Void)? = nil
  ) {
    self.url = url
    self.headers = headers
    self.body = body
    self.onBytes = onBytes
  }
}
