import Foundation

/// NASA's own raw-image feeds as a service (`--service nasa-raw`): Perseverance, Curiosity, Ingenuity and InSight,
/// no key. Every API copy scrapes these, so they keep working whichever copy is down.
package struct RawFeedClient: PhotoService {
  /// How many sols `sols` lists at once: each costs at least one slow feed request.
  package static let maxSolRange = 60
  static let defaultSolCount = 7
  /// Index requests in flight at once, whatever the listing's sols and pages ask for.
  package static let indexRequestsAtOnce = 1
  /// `sols` without `--from`: how many recent sols, for help texts.
  package static var defaultSols: Int { defaultSolCount }

  package let configuration: ServiceConfiguration
  package let options: RawFeedOptions
  let fetcher: CachedFetcher
  let events: ClientEventHandler?
  let latestSols = Locked<[String: Int]>([:])

  package init(
    configuration: ServiceConfiguration, options: RawFeedOptions = RawFeedOptions(), cache: ResponseCache? = nil,
    cacheMode: CacheMode = CacheMode(), events: ClientEventHandler? = nil
  ) {
    self.configuration = configuration
    self.options = options
    self.events = events
    // One index request at a time: the Perseverance feed has answered 403 to concurrent ones (images, fetched by
    // the downloader, stay parallel).
    fetcher = CachedFetcher(
      configuration: configuration, cache: cache, cacheMode: cacheMode, events: events,
      gate: RequestGate(width: Self.indexRequestsAtOnce))
  }

  package var serviceName: String { "nasa-raw" }

  /// One of the feeds' four rovers; Spirit and Opportunity are named as unavailable rather than listed as empty.
  func feedRover(_ name: String) throws -> FeedRover {
    if let rover = FeedRover(rawValue: name.lowercased()) { return rover }
    if Mission(name: name) != nil {
      throw ServiceError.unavailableRover(name: name, service: serviceName)
    }
    throw ServiceError.unknownRover(name: name)
  }

  /// Every feed rover; one whose latest sol is implausible is left out with a warning, the others still listed.
  package func rovers() async throws -> [Rover] {
    async let curiosity = SolBound.leavingOutImplausible(events) { try await rover(.curiosity) }
    async let ingenuity = SolBound.leavingOutImplausible(events) { try await rover(.ingenuity) }
    async let insight = SolBound.leavingOutImplausible(events) { try await rover(.insight) }
    async let perseverance = SolBound.leavingOutImplausible(events) { try await rover(.perseverance) }
    return try await [curiosity, ingenuity, insight, perseverance].compactMap { $0 }
  }

  package func rover(named name: String) async throws -> Rover {
    try await rover(feedRover(name))
  }

  package func manifest(rover name: String) async throws -> PhotoManifest {
    PhotoManifest(rover: try await rover(feedRover(name)), sols: [])
  }

  func rover(_ rover: FeedRover) async throws -> Rover {
    let (latestSol, total) = try await latest(rover)
    let dates = Mission(name: rover.rawValue).map(MarsCalendar.dates)
    return Rover(
      name: rover.displayName, landingDate: dates?.landing, launchDate: dates?.launch, status: rover.status,
      maxSol: latestSol, maxDate: MarsCalendar.earthDate(rover: rover.rawValue, sol: latestSol), totalPhotos: total,
      cameras: RawFeedCameras.known(rover.rawValue).map { Camera(name: $0) })
  }

  /// The rover's latest sol and the feed's image count (every sample type).
  func latest(_ rover: FeedRover) async throws -> (sol: Int, total: Int?) {
    let base = configuration.baseURL
    let what = "the \(rover.displayName) feed's latest sol"
    // A finished mission's summary never changes again.
    let lifetime = rover.isComplete ? RawFeedFreshness.completeMission : RawFeedFreshness.latest
    let answer: (sol: Int, total: Int?)
    switch rover {
    case .perseverance, .ingenuity:
      let url = PerseveranceFeed.url(
        base: base, category: rover.category ?? "mars2020", extra: [URLQueryItem(name: "latest", value: "true")])
      let latest: PerseveranceFeed.Latest = try await get(url, what: what) { _ in lifetime }
      answer = (latest.latestSol, latest.total)
    case .curiosity, .insight:
      let url = rover == .curiosity ? CuriosityFeed.latestURL(base: base) : InSightFeed.latestURL(base: base)
      let latest: CuriosityFeed.Latest = try await get(url, what: what) { _ in lifetime }
      answer = (latest.latestSol, latest.total)
    }
    // Every listing of this rover is sized by this number: one past what the calendar allows is refused here.
    try SolBound.check(answer.sol, rover: rover.rawValue, service: serviceName)
    latestSols.withLock { $0[rover.rawValue] = answer.sol }
    return answer
  }

  /// GET and decode through the response cache with the feeds' error rules.
  func get<Value: Decodable & Sendable>(
    _ url: URL, what: String, lifetime: @escaping @Sendable (Value) -> TimeInterval?
  ) async throws -> Value {
    let classifier = RawFeedClassifier(redactor: configuration.redactor)
    let request = CachedFetcher.Request<Value>(
      key: Redactor.redactKeyParameters("\(serviceName) \(url.absoluteString)"), url: url, headers: [:], what: what,
      classify: classifier.verdict,
      lifetime: lifetime)
    // Records are built verbatim only for sidecars (`--metadata`).
    return try await JSONValue.$keepsRecords.withValue(options.keepsRecords) { try await fetcher.fetch(request) }
  }
}
