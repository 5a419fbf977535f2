import Foundation

/// One request as the server parsed it off the wire, kept in the server's log so tests can assert on what a client
/// really sent (query items, headers, which connection it reused).
public struct TestRequest: Sendable {
  public let method: String
  /// The request target exactly as sent, e.g. `/api/v1/rovers/curiosity/photos?sol=1000&camera=fhaz`.
  public let target: String
  /// The percent-decoded path without the query, e.g. `/api/v1/rovers/curiosity/photos`.
  public let path: String
  /// Query items in the order sent. `+` reads as a space, as Rack and ASP.NET read it.
  public let queryItems: [URLQueryItem]
  /// Header values keyed by lower-cased name; repeated headers are joined with ", ".
  public let headers: [String: String]
  public let body: Data
  /// `HTTP/1.1` or `HTTP/1.0`.
  public let version: String
  /// Which accepted connection carried the request: equal ids prove keep-alive reuse.
  public let connectionID: Int
  public let receivedAt: Date

  public init(
    method: String,
    target: String,
    headers: [String: String] = [:],
    body: Data = Data(),
    version: String = "HTTP/1.1",
    connectionID: Int = 0,
    receivedAt: Date = Date()
  ) {
    self.method = method
    self.target = target
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
    self.body = body
    self.version = version
    self.connectionID = connectionID
    self.receivedAt = receivedAt
    let (rawPath, rawQuery) = Self.split(target: target)
    self.path = rawPath.removingPercentEncoding ?? rawPath
    self.queryItems = rawQuery.map(Self.parseQuery) ?? []
  }

  /// The first value of the query item `name`; nil when absent, "" when present without a value.
  public func query(_ name: String) -> String? {
    guard let item = queryItems.first(where: { $0.name == name }) else { return nil }
    return item.value ?? ""
  }

  public func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }

  /// Splits origin-form (`/a?b`) and absolute-form (`http://host/a?b`) targets into raw path and raw query.
  private static func split(target: String) -> (path: String, query: String?) {
    var rest = Substring(target)
    if let fragment = rest.firstIndex(of: "#") {
      rest = rest[..<fragment]
    }
    if let scheme = rest.range(of: "://"), !rest[..<scheme.lowerBound].contains("/") {
      let afterAuthority = rest[scheme.upperBound...]
      rest = afterAuthority.firstIndex(where: { $0 == "/" || $0 == "?" }).map { afterAuthority[$0...] } ?? "/"
    }
    guard let mark = rest.firstIndex(of: "?") else { return (String(rest), nil) }
    return (String(rest[..<mark]), String(rest[rest.index(after: mark)...]))
  }

  private static func parseQuery(_ query: String) -> [URLQueryItem] {
    query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = decode(parts[0])
      return URLQueryItem(name: name, value: parts.count > 1 ? decode(parts[1]) : nil)
    }
  }

  private static func decode(_ component: Substring) -> String {
    let spaced = component.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }
}
