import Foundation

/// How to reach one service: all of it is data with production defaults, nothing is a constant in the client.
package struct ServiceConfiguration: Sendable {
  /// The preset name, or `custom` for a `--base-url` that matches no preset.
  package var name: String
  package var baseURL: URL
  package var apiKey: String?
  package var authentication: Authentication
  /// The `per_page` asked for when fetching all pages.
  package var maxPerPage: Int
  package var timeout: TimeInterval
  package var retryPolicy: RetryPolicy
  /// Requests in flight to the service's host at most, however many sols and pages a listing has going:
  /// several of these services are run by volunteers.
  package var maxConnections: Int
  /// The HTTP engine that carries this service's requests.
  package var engine: HTTPEngineKind
  /// The byte rate shared with every other transfer of the run (`--limit-rate`); nil: unlimited.
  package var transferBudget: TransferBudget?
  /// The pause between requests, shared with every other service of the run (`--sleep`); nil: none.
  package var requestSpacing: RequestSpacing?
  /// The PEM file of CAs this service's certificate is verified against; nil: the system's.
  package var caFile: String?

  package init(
    name: String, baseURL: URL, apiKey: String? = nil, authentication: Authentication = .none,
    maxPerPage: Int = 100, timeout: TimeInterval = 30, retryPolicy: RetryPolicy = RetryPolicy(),
    maxConnections: Int = 8, engine: HTTPEngineKind = .preferred
  ) {
    self.engine = engine
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
  package init(
    preset: ServicePreset, baseURL: URL? = nil, apiKey: String? = nil, engine: HTTPEngineKind = .preferred
  ) {
    self.init(
      name: preset.rawValue, baseURL: baseURL ?? preset.defaultBaseURL, apiKey: apiKey ?? preset.defaultAPIKey,
      authentication: preset.authentication, maxPerPage: preset.maxPerPage, engine: engine)
  }

  package var redactor: Redactor { Redactor(secrets: [apiKey]) }

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
