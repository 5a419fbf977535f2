import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A response as the tests look at it.
struct HTTPResult: Sendable {
  let status: Int
  /// Lower-cased names.
  let headers: [String: String]
  let body: Data
  let url: URL?

  var text: String { String(decoding: body, as: UTF8.self) }

  func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }

  /// The body as a JSON object.
  func object() throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: body) as? [String: Any])
  }
}

/// URLSession with its Linux defaults fixed for tests: no cache, and a connection cap high enough not to hide the
/// server's concurrency (the default of 6 silently serialises).
enum HTTPClient {
  static func makeSession(maximumConnectionsPerHost: Int) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
    // Two minutes: the servers under test live in this process, whose two pool threads a loaded run's CPU-heavy
    // neighbours (image tests in a debug build) can hold for tens of seconds at its start.
    configuration.timeoutIntervalForRequest = 120
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    return URLSession(configuration: configuration)
  }

  static func get(
    _ url: URL, headers: [String: String] = [:], method: String = "GET", in given: URLSession? = nil
  ) async throws -> HTTPResult {
    // A fresh session unless the test brings one: a shared pool could hand a later test an idle connection to an
    // earlier test's stopped server whose port the kernel has since reused ("Empty reply from server").
    let session = given ?? makeSession(maximumConnectionsPerHost: 64)
    var request = URLRequest(url: url)
    request.httpMethod = method
    for (name, value) in headers {
      request.setValue(value, forHTTPHeaderField: name)
    }
    let (data, response) = try await session.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    var lowered: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String {
        lowered[name.lowercased()] = value
      }
    }
    return HTTPResult(status: http.statusCode, headers: lowered, body: data, url: http.url)
  }
}
