import Foundation

extension RoverClient {
  /// The cache key: service, base URL and request, never the API key (it travels in separate query items or
  /// headers, added after this; one written into the base URL itself is redacted).
  func cacheKey(_ endpoint: APIEndpoint) -> String {
    Redactor.redactKeyParameters("\(serviceName) \(endpoint.url(baseURL: configuration.baseURL).absoluteString)")
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
    if let manifest = fetcher.cached(cacheKey(.manifest(rover)), as: ManifestEnvelope.self) {
      return manifest.manifest.rover.maxSol
    }
    if let envelope = fetcher.cached(cacheKey(.rover(rover)), as: RoverEnvelope.self) {
      return envelope.rover.maxSol
    }
    return fetcher.cached(cacheKey(.rovers), as: RoversEnvelope.self)?.rovers.first {
      $0.name.lowercased() == rover
    }?.maxSol
  }

  static func describe(_ endpoint: APIEndpoint) -> String {
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
