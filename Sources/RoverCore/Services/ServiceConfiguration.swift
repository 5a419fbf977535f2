import Foundation

/// How to reach one service: all of it is data with production defaults, nothing is a constant in the client.
public struct ServiceConfiguration: Sendable {
  /// The preset name, or `custom` for a `--base-url` that matches no preset.
  public var name: String
  public var baseURL: URL
  public var apiKey: String?
  public var authentication: Authentication
  /// The `per_page` asked for when fetching all pages.
  public var maxPerPage: Int
  public var timeout: TimeInterval
  public var retryPolicy: RetryPolicy
  /// Requests in flight to the service's host at most, however many sols and pages a listing has going:
  /// several of these services are run by volunteers.
  public var maxConnections: Int

  public init(
    name: String, baseURL: URL, apiKey: String? = nil, authentication: Authentication = .none,
    maxPerPage: Int = 100, timeout: TimeInterval = 30, retryPolicy: RetryPolicy = RetryPolicy(),
    maxConnections: Int = 8
  ) {
    self.name = name
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.authentication = authentication
    self.maxPerPage = maxPerPage
    self.timeout = timeout
    self.retryPolicy = retryPolicy
    self.maxConnections = maxConnections
  }

  /// A preset's defaults, optionally pointed at another base URL or given a key.
  public init(preset: ServicePreset, baseURL: URL? = nil, apiKey: String? = nil) {
    self.init(
      name: preset.rawValue, baseURL: baseURL ?? preset.defaultBaseURL, apiKey: apiKey ?? preset.defaultAPIKey,
      authentication: preset.authentication, maxPerPage: preset.maxPerPage)
  }

  public var redactor: Redactor { Redactor(secrets: [apiKey]) }

  /// Query items that carry the key, for services that take it in the URL.
  var authQueryItems: [URLQueryItem] {
    guard case .queryItem(let name) = authentication, let apiKey, !apiKey.isEmpty else { return [] }
    return [URLQueryItem(name: name, value: apiKey)]
  }

  var authHeaders: [String: String] {
    guard case .header(let name) = authentication, let apiKey, !apiKey.isEmpty else { return [:] }
    return [name: apiKey]
  }
}
