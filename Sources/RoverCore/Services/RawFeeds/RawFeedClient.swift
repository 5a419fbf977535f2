import Foundation

/// NASA's own raw-image feeds as a service (`--service nasa-raw`): Perseverance and Curiosity, no key. Every API
/// copy scrapes these, so they keep working whichever copy is down.
public struct RawFeedClient: PhotoService {
  enum FeedRover: String, CaseIterable {
    case perseverance, curiosity

    var displayName: String { rawValue.capitalized }
  }

  /// How many sols `sols` lists at once: each costs at least one slow feed request.
  public static let maxSolRange = 60
  static let defaultSolCount = 7

  public let configuration: ServiceConfiguration
  public let options: RawFeedOptions
  let fetcher: CachedFetcher
  let events: ClientEventHandler?
  let latestSols = Locked<[String: Int]>([:])

  public init(
    configuration: ServiceConfiguration, options: RawFeedOptions = RawFeedOptions(), cache: ResponseCache? = nil,
    cacheMode: CacheMode = CacheMode(), events: ClientEventHandler? = nil
  ) {
    self.configuration = configuration
    self.options = options
    self.events = events
    fetcher = CachedFetcher(configuration: configuration, cache: cache, cacheMode: cacheMode, events: events)
  }

  public var serviceName: String { "nasa-raw" }

  /// Perseverance or Curiosity; Spirit and Opportunity are named as unavailable rather than listed as empty.
  func feedRover(_ name: String) throws -> FeedRover {
    if let rover = FeedRover(rawValue: name.lowercased()) { return rover }
    if MarsCalendar.missions[name.lowercased()] != nil {
      throw ServiceError.unavailableRover(name: name, service: serviceName)
    }
    throw ServiceError.unknownRover(name: name)
  }

  public func rovers() async throws -> [Rover] {
    async let perseverance = rover(.perseverance)
    async let curiosity = rover(.curiosity)
    return try await [curiosity, perseverance]
  }

  public func rover(named name: String) async throws -> Rover {
    try await rover(feedRover(name))
  }

  public func manifest(rover name: String) async throws -> PhotoManifest {
    PhotoManifest(rover: try await rover(feedRover(name)), sols: [])
  }

  func rover(_ rover: FeedRover) async throws -> Rover {
    let (latestSol, total) = try await latest(rover)
    let dates = MarsCalendar.missions[rover.rawValue]
    return Rover(
      name: rover.displayName, landingDate: dates?.landing, launchDate: dates?.launch, status: .active,
      maxSol: latestSol, maxDate: MarsCalendar.earthDate(rover: rover.rawValue, sol: latestSol), totalPhotos: total,
      cameras: RawFeedCameras.known(rover.rawValue).map { Camera(name: $0) })
  }

  /// The rover's latest sol and the feed's image count (every sample type).
  func latest(_ rover: FeedRover) async throws -> (sol: Int, total: Int?) {
    let base = configuration.baseURL
    switch rover {
    case .perseverance:
      let url = PerseveranceFeed.url(
        base: base, options: options, extra: [URLQueryItem(name: "latest", value: "true")])
      let latest: PerseveranceFeed.Latest = try await get(url, what: "the Perseverance feed's latest sol") { _ in
        RawFeedFreshness.latest
      }
      latestSols.withLock { $0[rover.rawValue] = latest.latestSol }
      return (latest.latestSol, latest.total)
    case .curiosity:
      let latest: CuriosityFeed.Latest = try await get(
        CuriosityFeed.latestURL(base: base), what: "the Curiosity feed's latest sol"
      ) { _ in RawFeedFreshness.latest }
      latestSols.withLock { $0[rover.rawValue] = latest.latestSol }
      return (latest.latestSol, latest.total)
    }
  }

  public func photo(id: PhotoID) async throws -> Photo {
    // Only Perseverance's feed looks up one image (`&id=`, each record's `json_link`).
    let url = PerseveranceFeed.url(
      base: configuration.baseURL, options: options, extra: [URLQueryItem(name: "id", value: id.description)])
    let page: PerseveranceFeed.Page = try await get(url, what: "photo \(id)") { _ in RawFeedFreshness.photo }
    guard let image = page.images.first(where: { $0.id == id.description }) else {
      throw ServiceError.photoNotFound(id: id.description)
    }
    return photo(image)
  }

  /// GET and decode through the response cache with the feeds' error rules.
  func get<Value: Decodable & Sendable>(
    _ url: URL, what: String, lifetime: @escaping @Sendable (Value) -> TimeInterval?
  ) async throws -> Value {
    let classifier = RawFeedClassifier(redactor: configuration.redactor)
    let request = CachedFetcher.Request<Value>(
      key: "\(serviceName) \(url.absoluteString)", url: url, headers: [:], what: what, classify: classifier.verdict,
      lifetime: lifetime)
    return try await fetcher.fetch(request)
  }
}
