import Foundation

/// A complete response, kept small and `Sendable` so it can cross task boundaries and be cached.
public struct HTTPResponse: Sendable {
  public var url: URL
  public var status: Int
  /// Header names lower-cased, because HTTP header names are case-insensitive.
  public var headers: [String: String]
  public var body: Data

  public init(url: URL, status: Int, headers: [String: String], body: Data) {
    self.url = url
    self.status = status
    self.headers = headers
    self.body = body
  }

  public func header(_ name: String) -> String? { headers[name.lowercased()] }

  init(url: URL, response: HTTPURLResponse, body: Data) {
    var headers: [String: String] = [:]
    for (key, value) in response.allHeaderFields {
      if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
    }
    self.init(url: url, status: response.statusCode, headers: headers, body: body)
  }
}

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
