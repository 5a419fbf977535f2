import Foundation

/// One request as the server received it, kept in the server's log so tests can assert on what a client really
/// sent (query items, headers).
public struct TestRequest: Sendable {
  public let method: String
  /// The percent-decoded path without the query, e.g. `/api/v1/rovers/curiosity/photos`.
  public let path: String
  /// Query items in the order sent, percent-decoded.
  public let queryItems: [URLQueryItem]
  /// Header values keyed by lower-cased name.
  public let headers: [String: String]
  /// When the server received it, so a test can measure the gaps between requests.
  public let received: Date

  public init(
    method: String, path: String, queryItems: [URLQueryItem] = [], headers: [String: String] = [:],
    received: Date = Date()
  ) {
    self.received = received
    self.method = method
    self.path = path
    self.queryItems = queryItems
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
  }

  /// The first value of the query item `name`; nil when absent, "" when present without a value.
  public func query(_ name: String) -> String? {
    guard let item = queryItems.first(where: { $0.name == name }) else { return nil }
    return item.value ?? ""
  }

  public func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }
}
