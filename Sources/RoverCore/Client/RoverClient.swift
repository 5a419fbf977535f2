import Foundation

/// A client for the API-compatible services (nebulum, Mars Vista v1, the retired api.nasa.gov, any copy).
public struct RoverClient: PhotoService {
  public let configuration: ServiceConfiguration
  let transport: HTTPTransport
  let events: ClientEventHandler?

  public init(configuration: ServiceConfiguration, events: ClientEventHandler? = nil) {
    self.configuration = configuration
    self.events = events
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

  /// Fetches a decoded document, mapping HTTP and JSON failures to `RoverAPIError`.
  func fetch<T: Decodable>(_ endpoint: Endpoint, as type: T.Type) async throws -> T {
    let url = endpoint.url(baseURL: configuration.baseURL, extraQueryItems: configuration.authQueryItems)
    let classifier = ResponseClassifier(
      endpoint: endpoint, serviceName: serviceName, redactor: configuration.redactor, events: events)
    let response = try await transport.get(url, headers: configuration.authHeaders, classify: classifier.verdict)
    return try JSONBody.decode(type, from: response, redactor: configuration.redactor)
  }
}

extension Array where Element == Photo {
  /// Drops repeated ids (pages that shifted while we read them), keeping the first of each.
  func uniqued() -> [Photo] {
    var seen = Set<PhotoID>()
    return filter { seen.insert($0.id).inserted }
  }
}
