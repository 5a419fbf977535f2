import Foundation

/// A client for the API-compatible services (nebulum, Mars Vista v1, the retired api.nasa.gov, any copy).
package struct RoverClient: PhotoService {
  package let configuration: ServiceConfiguration
  let events: ClientEventHandler?
  let fetcher: CachedFetcher
  /// Latest sols already looked up in this run, so each stored page does not re-read the manifest.
  let maxSols = Locked<[String: Int?]>([:])
  /// Manifests already read in this run: a range asks for each sol's count, and a manifest is a megabyte of JSON.
  let manifests = Locked<[String: PhotoManifest]>([:])

  /// `--size`, which these services cannot honour (one `img_src` a photo): said once, if asked for.
  let options: RawFeedOptions
  private let saidSize = Locked(false)

  package init(
    configuration: ServiceConfiguration, cache: ResponseCache? = nil, cacheMode: CacheMode = CacheMode(),
    options: RawFeedOptions = RawFeedOptions(), events: ClientEventHandler? = nil
  ) {
    self.configuration = configuration
    self.options = options
    self.events = events
    fetcher = CachedFetcher(configuration: configuration, cache: cache, cacheMode: cacheMode, events: events)
  }

  package var serviceName: String { configuration.name }

  package func rovers() async throws -> [Rover] {
    try await fetch(.rovers, as: RoversEnvelope.self) { APIFreshness.rovers($0.rovers) }.rovers
  }

  package func rover(named name: String) async throws -> Rover {
    try await fetch(.rover(name), as: RoverEnvelope.self) { APIFreshness.rover($0.rover) }.rover
  }

  package func manifest(rover name: String) async throws -> PhotoManifest {
    let manifest = try await fetch(.manifest(name), as: ManifestEnvelope.self) {
      APIFreshness.rover($0.manifest.rover)
    }.manifest
    maxSols.withLock { $0[manifest.rover.name.lowercased()] = manifest.rover.maxSol }
    manifests.withLock { $0[name.lowercased()] = manifest }
    return manifest
  }

  package func photo(id: PhotoID) async throws -> Photo {
    try await fetch(.photo(id), as: PhotoEnvelope.self) { _ in APIFreshness.long }.photo
  }

  package func photos(_ query: PhotoQuery) async throws -> [Photo] {
    if options.sizeRequested, saidSize.isFirst() {
      events?(.warning("\(serviceName) has one image size per photo; the size \(options.size.rawValue) is ignored"))
    }
    switch query.paging {
    case .page(let number, let perPage):
      return try await page(query, number: number, perPage: perPage).photos.uniqued()
    case .all:
      return try await allPages(query)
    }
  }

  /// Pages the same way on every service: the largest `per_page`, stop on a short page or at `total_pages`, and
  /// fetch the remaining pages concurrently once their number is known.
  func allPages(_ query: PhotoQuery) async throws -> [Photo] {
    let requested = configuration.maxPerPage
    let pager = Pager(
      firstPage: 1, pageSize: requested, width: max(1, configuration.maxConnections),
      what: Self.describe(
        .photos(rover: query.rover, selection: query.selection, camera: query.camera, page: nil, perPage: nil)),
      fetch: { number, _ in
        let page = try await self.page(query, number: number, perPage: requested)
        return Pager.Page(
          items: page.photos, rawCount: page.photos.count, pageSize: page.pagination?.perPage,
          lastPage: page.pagination?.totalPages)
      },
      onProgress: progressHandler(events), onWarning: warningHandler(events))
    // The pager lists each `listingKey` once already: no second pass (and copy) to drop repeats.
    return try await pager.all { await expectedCount(query) }
  }

  /// The photo count the manifest gives for the query's sol; only exact without a camera filter.
  private func expectedCount(_ query: PhotoQuery) async -> Int? {
    guard query.camera == nil else { return nil }
    var known = manifests.withLock { $0[query.rover.lowercased()] }
    if known == nil { known = try? await manifest(rover: query.rover) }
    guard let manifest = known else { return nil }
    switch query.selection {
    case .sol(let sol): return manifest.sols.first { $0.sol == sol }?.totalPhotos
    case .latest: return manifest.sols.last?.totalPhotos
    case .earthDate(let date): return manifest.sols.filter { $0.earthDate == date }.map(\.totalPhotos).reduce(0, +)
    }
  }

  func page(_ query: PhotoQuery, number: Int, perPage: Int?) async throws -> PhotosPage {
    let endpoint = APIEndpoint.photos(
      rover: query.rover, selection: query.selection, camera: query.camera, page: number, perPage: perPage)
    let lifetime = APIFreshness.photos(query.selection, knownMaxSol: knownMaxSol(query.rover))
    return try await fetch(endpoint, as: PhotosPage.self) { _ in lifetime }
  }

  /// Fetches a decoded document through the response cache, with this service family's error rules.
  func fetch<T: Decodable & Sendable>(
    _ endpoint: APIEndpoint, as type: T.Type, lifetime: @escaping @Sendable (T) -> TimeInterval?
  ) async throws -> T {
    let classifier = APIResponseClassifier(
      endpoint: endpoint, serviceName: serviceName, redactor: configuration.redactor, events: events)
    let request = CachedFetcher.Request<T>(
      key: cacheKey(endpoint),
      url: endpoint.url(baseURL: configuration.baseURL, extraQueryItems: configuration.authQueryItems),
      headers: configuration.authHeaders, what: Self.describe(endpoint), classify: classifier.verdict,
      lifetime: lifetime, authentication: configuration.authentication)
    return try await fetcher.fetch(request)
  }
}

extension Array where Element == Photo {
  /// Drops repeated photos (pages that shifted while we read them), keeping the first of each.
  func uniqued() -> [Photo] {
    var seen = Set<Photo.ListingKey>()
    return filter { seen.insert($0.listingKey).inserted }
  }
}
