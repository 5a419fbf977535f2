import Foundation

/// GET-and-decode through the response cache, shared by every service: fresh entries answer at once, stale ones
/// are revalidated (`ETag`, `Last-Modified`) and answer when the service is down, `--offline` never asks.
struct CachedFetcher: Sendable {
  /// One request: what to ask, how to read the answer, how long to keep it.
  struct Request<Value: Decodable & Sendable>: Sendable {
    var key: String
    var url: URL
    var headers: [String: String]
    /// For messages: "curiosity photos of sol 1000".
    var what: String
    var classify: @Sendable (HTTPResponse) -> HTTPVerdict
    /// Seconds to keep an answer, nil for "do not store"; a response's own `Cache-Control` wins.
    var lifetime: @Sendable (Value) -> TimeInterval?
    /// Where the API key travels, so that it never follows a redirect to another origin.
    var authentication: Authentication = .none
  }

  let client: HTTPClient
  let cache: ResponseCache?
  let cacheMode: CacheMode
  let redactor: Redactor
  let events: ClientEventHandler?

  /// - Parameter gate: bounds this service's requests in flight (the raw feeds': one at a time); nil: the engine's
  ///   connection limit only.
  /// - Parameter maxBodyBytes: the largest answer read; a larger one fails with `HTTPError.responseTooLarge`.
  init(
    configuration: ServiceConfiguration, cache: ResponseCache?, cacheMode: CacheMode, events: ClientEventHandler?,
    gate: RequestGate? = nil, maxBodyBytes: Int = HTTPEngines.defaultMaxBodyBytes
  ) {
    let engine = HTTPEngines.api(
      configuration.engine, timeout: configuration.timeout, maxConnectionsPerHost: configuration.maxConnections,
      maxBodyBytes: maxBodyBytes, budget: configuration.transferBudget, caFile: configuration.caFile)
    client = HTTPClient(
      engine: engine, retryPolicy: configuration.retryPolicy, redactor: configuration.redactor, events: events,
      spacing: configuration.requestSpacing, gate: gate)
    self.cache = cacheMode.use == .disabled ? nil : cache
    self.cacheMode = cacheMode
    redactor = configuration.redactor
    self.events = events
  }

  func fetch<Value: Decodable & Sendable>(_ request: Request<Value>) async throws -> Value {
    let (fresh, stale) = lookup(request)
    if let fresh { return fresh }
    if cacheMode.use == .offline { throw ServiceError.offlineMiss(what: request.what) }
    var headers = request.headers.merging(Self.conditionalHeaders(for: stale)) { own, _ in own }
    headers["Accept"] = "application/json"
    let response: HTTPResponse
    do {
      var httpRequest = HTTPRequest(url: request.url, headers: headers)
      switch request.authentication {
      case .header(let name): httpRequest.credentialHeaders = [name]
      case .queryItem(let name): httpRequest.credentialQueryItems = [name]
      case .none: break
      }
      response = try await client.send(httpRequest, classify: request.classify)
    } catch  where ServiceError.isServiceDown(error) {
      guard let stale, let value = try? JSONTape.decodeOrFallBack(Value.self, from: stale.body) else { throw error }
      events?(.warning(.staleCacheUsed(what: request.what, age: stale.age(), cause: error)))
      return value
    }
    if response.status == 304, let stale {
      let value = try JSONTape.decodeOrFallBack(Value.self, from: stale.body)
      let lifetime = lifetime(of: value, request: request, headers: response.headers) ?? 0
      _ = cache?.revalidated(stale, expiresAt: Date().addingTimeInterval(lifetime))
      return value
    }
    let value = try JSONBody.decode(Value.self, from: response, redactor: redactor)
    store(request, response: response, value: value)
    return value
  }

  private func lifetime<Value>(of value: Value, request: Request<Value>, headers: [String: String]) -> TimeInterval? {
    CacheControl.lifetime(headers) ?? request.lifetime(value)
  }

  /// A cached answer to use without asking, the stale one to revalidate, or neither.
  private func lookup<Value: Decodable & Sendable>(_ request: Request<Value>) -> (
    fresh: Value?, stale: ResponseCacheEntry?
  ) {
    guard let cache, cacheMode.reads, let entry = cache.read(request.key) else { return (nil, nil) }
    let fresh: Bool
    switch (cacheMode.use, cacheMode.maxAge) {
    case (.offline, _): fresh = true
    case (_, let maxAge?): fresh = entry.age() <= maxAge
    default: fresh = entry.header.expiresAt > Date()
    }
    let response = HTTPResponse(url: request.url, status: 200, headers: [:], body: entry.body)
    // A body we can no longer decode (a newer format, a damaged file) is simply a miss.
    guard let value = try? JSONBody.decode(Value.self, from: response, redactor: redactor) else {
      return (nil, nil)
    }
    if fresh { events?(.cached(what: request.what, age: entry.age())) }
    return fresh ? (value, nil) : (nil, entry)
  }

  private func store<Value: Decodable & Sendable>(_ request: Request<Value>, response: HTTPResponse, value: Value) {
    guard let cache, cacheMode.writes, let lifetime = lifetime(of: value, request: request, headers: response.headers)
    else { return }
    let now = Date()
    let header = ResponseCacheEntry.Header(
      key: request.key, url: redactor.redact(response.url), storedAt: now,
      expiresAt: now.addingTimeInterval(lifetime), etag: response.header("etag"),
      lastModified: response.header("last-modified"), bodyBytes: response.body.count)
    cache.write(ResponseCacheEntry(header: header, body: response.body))
  }

  static func conditionalHeaders(for entry: ResponseCacheEntry?) -> [String: String] {
    var headers: [String: String] = [:]
    if let etag = entry?.header.etag { headers["If-None-Match"] = etag }
    if let modified = entry?.header.lastModified { headers["If-Modified-Since"] = modified }
    return headers
  }

  /// A stored body, decoded, without any network: for hints such as a rover's latest sol.
  func cached<Value: Decodable>(_ key: String, as type: Value.Type) -> Value? {
    guard let cache, cacheMode.use != .disabled, let entry = cache.read(key) else { return nil }
    return try? JSONTape.decodeOrFallBack(type, from: entry.body)
  }
}
