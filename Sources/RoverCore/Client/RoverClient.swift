import Foundation

/// A client for the API-compatible services (nebulum, Mars Vista v1, the retired api.nasa.gov, any copy).
public struct RoverClient: PhotoService {
  public let configuration: ServiceConfiguration
  let events: ClientEventHandler?
  let fetcher: CachedFetcher
  /// Latest sols already looked up in this run, so each stored page does not re-read the manifest.
  let maxSols = Locked<[String: Int?]>([:])

  public init(
    configuration: ServiceConfiguration, cache: ResponseCache? = nil, cacheMode: CacheMode = CacheMode(),
    events: ClientEventHandler? = nil
  ) {
    self.configuration = configuration
    self.events = events
    fetcher = CachedFetcher(configuration: configuration, cache: cache, cacheMode: cacheMode, events: events)
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
  func fetch<T: Decodable & Sendable>(_ endpoint: Endpoint, as type: T.Type) async throws -> T {
    let classifier = ResponseClassifier(
      endpoint: endpoint, serviceName: serviceName, redactor: configuration.redactor, events: events)
    let maxSols = self.maxSols
    let known: @Sendable (String) -> Int? = { knownMaxSol($0) }
    let request = CachedFetcher.Request<T>(
      key: cacheKey(endpoint),
      url: endpoint.url(baseURL: configuration.baseURL, extraQueryItems: configuration.authQueryItems),
      headers: configuration.authHeaders, what: Self.describe(endpoint), classify: classifier.verdict,
      lifetime: { value, headers in
        if let manifest = value as? ManifestEnvelope {
          maxSols.withLock { $0[manifest.manifest.rover.name.lowercased()] = manifest.manifest.rover.maxSol }
        }
        return Freshness.lifetime(endpoint: endpoint, value: value, headers: headers, knownMaxSol: known)
      })
    return try await fetcher.fetch(request)
  }
}

extension Array where Element == Photo {
  /// Drops repeated ids (pages that shifted while we read them), keeping the first of each.
  func uniqued() -> [Photo] {
    var seen = Set<PhotoID>()
    return filter { seen.insert($0.id).inserted }
  }
}
