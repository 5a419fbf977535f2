import Foundation

extension RoverClient {
  /// The cache key: service, base URL and request, never the API key (it travels in separate query items or
  /// headers, added after this).
  func cacheKey(_ endpoint: Endpoint) -> String {
    "\(serviceName) \(endpoint.url(baseURL: configuration.baseURL).absoluteString)"
  }

  /// A cached answer to use without asking, the stale one to revalidate, or neither.
  func lookup<T: Decodable>(_ endpoint: Endpoint, as type: T.Type) -> (fresh: T?, stale: ResponseCacheEntry?) {
    guard let cache, cacheMode.reads, let entry = cache.read(cacheKey(endpoint)) else { return (nil, nil) }
    let fresh: Bool
    switch (cacheMode.use, cacheMode.maxAge) {
    case (.offline, _): fresh = true
    case (_, let maxAge?): fresh = entry.age() <= maxAge
    default: fresh = entry.header.expiresAt > Date()
    }
    let response = HTTPResponse(
      url: endpoint.url(baseURL: configuration.baseURL), status: 200, headers: [:], body: entry.body)
    // A body we can no longer decode (a newer format, a damaged file) is simply a miss.
    guard let value = try? JSONBody.decode(type, from: response, redactor: configuration.redactor) else {
      return (nil, nil)
    }
    return fresh ? (value, nil) : (nil, entry)
  }

  func store(_ endpoint: Endpoint, response: HTTPResponse, value: Any) {
    if let manifest = value as? ManifestEnvelope {
      maxSols.withLock { $0[manifest.manifest.rover.name.lowercased()] = manifest.manifest.rover.maxSol }
    }
    guard let cache, cacheMode.writes,
      let lifetime = Freshness.lifetime(
        endpoint: endpoint, value: value, headers: response.headers, knownMaxSol: knownMaxSol)
    else { return }
    let now = Date()
    let header = ResponseCacheEntry.Header(
      key: cacheKey(endpoint), url: configuration.redactor.redact(response.url), storedAt: now,
      expiresAt: now.addingTimeInterval(lifetime), etag: response.header("etag"),
      lastModified: response.header("last-modified"), bodyBytes: response.body.count)
    cache.write(ResponseCacheEntry(header: header, body: response.body))
  }

  /// A rover's latest sol from what is already cached, so photo listings can tell settled sols from recent ones
  /// without a request.
  func knownMaxSol(_ rover: String) -> Int? {
    let name = rover.lowercased()
    if let known = maxSols.withLock({ $0[name] }) { return known }
    let found = cachedMaxSol(name)
    maxSols.withLock { $0[name] = found }
    return found
  }

  private func cachedMaxSol(_ rover: String) -> Int? {
    guard let cache else { return nil }
    let name = rover
    let decoder = JSONDecoder()
    if let entry = cache.read(cacheKey(.manifest(rover))),
      let manifest = try? decoder.decode(ManifestEnvelope.self, from: entry.body)
    {
      return manifest.manifest.rover.maxSol
    }
    if let entry = cache.read(cacheKey(.rover(rover))),
      let envelope = try? decoder.decode(RoverEnvelope.self, from: entry.body)
    {
      return envelope.rover.maxSol
    }
    if let entry = cache.read(cacheKey(.rovers)),
      let envelope = try? decoder.decode(RoversEnvelope.self, from: entry.body)
    {
      return envelope.rovers.first { $0.name.lowercased() == name }?.maxSol
    }
    return nil
  }

  static func conditionalHeaders(for entry: ResponseCacheEntry?) -> [String: String] {
    var headers: [String: String] = [:]
    if let etag = entry?.header.etag { headers["If-None-Match"] = etag }
    if let modified = entry?.header.lastModified { headers["If-Modified-Since"] = modified }
    return headers
  }

  static func describe(_ endpoint: Endpoint) -> String {
    switch endpoint {
    case .rovers: return "the rover list"
    case .rover(let name): return "rover \(name)"
    case .manifest(let name): return "the \(name) manifest"
    case .photo(let id): return "photo \(id)"
    case .photos(let rover, let selection, let camera, let page, _):
      var text = "\(rover) photos"
      switch selection {
      case .sol(let sol): text += " of sol \(sol)"
      case .earthDate(let date): text += " of \(date)"
      case .latest: text += " of the latest sol"
      }
      if let camera { text += " from \(camera)" }
      if let page { text += " (page \(page))" }
      return text
    }
  }
}
