import Foundation

/// A client for the API-compatible services (nebulum, Mars Vista v1, the retired api.nasa.gov, any copy).
public struct RoverClient: PhotoService {
  public let configuration: ServiceConfiguration
  let transport: HTTPTransport
  let events: ClientEventHandler?
  let cache: ResponseCache?
  let cacheMode: CacheMode
  /// Latest sols already looked up in this run, so each stored page does not re-read the manifest.
  let maxSols = Locked<[String: Int?]>([:])

  public init(
    configuration: ServiceConfiguration, cache: ResponseCache? = nil, cacheMode: CacheMode = CacheMode(),
    events: ClientEventHandler? = nil
  ) {
    self.configuration = configuration
    self.events = events
    self.cache = cacheMode.use == .disabled ? nil : cache
    self.cacheMode = cacheMode
    self.transport = HTTPTransport(
      timeout: configuration.timeout, retryPolicy: configuration.retryPolicy,
      maxConnectionsPerHost: configuration.maxConnections, redactor: configuration.redactor, events: events)
  }

  public var serviceName: String { configuration.name }

  public func rovers() async throws -> [Rover] {
    try await fetch(.rovers, as: RoversEnvelope.self).rovers
  }

  public func rover(named name: String) async throws -> Rover {
    try await fetch(.rover(name), as: RoverEnvelope.self).rover
  }

  public func manifest(rover name: String) async throws -> PhotoManifest {
    try await fetch(.manifest(name), as: ManifestEnvelope.self).manifest
  }

  public func photo(id: PhotoID) async throws -> Photo {
    try await fetch(.photo(id), as: PhotoEnvelope.self).photo
  }

  public func photos(_ query: PhotoQuery) async throws -> [Photo] {
    switch query.paging {
    case .page(let number, let perPage):
      return try await page(query, number: number, perPage: perPage).photos.uniqued()
    case .all:
      return try await allPages(query)
    }
  }

  func page(_ query: PhotoQuery, number: Int, perPage: Int?) async throws -> PhotosPage {
    let endpoint = Endpoint.photos(
      rover: query.rover, selection: query.selection, camera: query.camera, page: number, perPage: perPage)
    return try await fetch(endpoint, as: PhotosPage.self)
  }

  /// Fetches a decoded document through the response cache, mapping HTTP and JSON failures to `RoverAPIError`.
  func fetch<T: Decodable>(_ endpoint: Endpoint, as type: T.Type) async throws -> T {
    let (fresh, stale) = lookup(endpoint, as: type)
    if let fresh { return fresh }
    if cacheMode.use == .offline { throw RoverAPIError.offlineMiss(what: Self.describe(endpoint)) }
    let url = endpoint.url(baseURL: configuration.baseURL, extraQueryItems: configuration.authQueryItems)
    let classifier = ResponseClassifier(
      endpoint: endpoint, serviceName: serviceName, redactor: configuration.redactor, events: events)
    let headers = configuration.authHeaders.merging(Self.conditionalHeaders(for: stale)) { own, _ in own }
    let response: HTTPResponse
    do {
      response = try await transport.get(url, headers: headers, classify: classifier.verdict)
    } catch let error as RoverAPIError where error.isServiceDown {
      guard let stale, let value = try? JSONDecoder().decode(type, from: stale.body) else { throw error }
      events?(
        .warning(
          "\(error.errorDescription ?? "service unavailable"); answering from a cached copy "
            + "\(DurationText.describe(stale.age())) old"))
      return value
    }
    if response.status == 304, let stale {
      let value = try JSONDecoder().decode(type, from: stale.body)
      let lifetime =
        Freshness.lifetime(endpoint: endpoint, value: value, headers: response.headers, knownMaxSol: knownMaxSol) ?? 0
      _ = cache?.revalidated(stale, expiresAt: Date().addingTimeInterval(lifetime))
      return value
    }
    let value = try JSONBody.decode(type, from: response, redactor: configuration.redactor)
    store(endpoint, response: response, value: value)
    return value
  }
}

extension Array where Element == Photo {
  /// Drops repeated ids (pages that shifted while we read them), keeping the first of each.
  func uniqued() -> [Photo] {
    var seen = Set<PhotoID>()
    return filter { seen.insert($0.id).inserted }
  }
}
