import Foundation

/// Spirit and Opportunity from the PDS Imaging Atlas search, a Solr core (`--service pds`, api-reference 7.1):
/// the only live source of MER images since NASA removed its galleries in 2024. No key.
package struct PDSClient: PhotoService {
  package let configuration: ServiceConfiguration
  let fetcher: CachedFetcher
  let events: ClientEventHandler?

  /// `--size small` is the 256 px catalog JPEG; any other size the 1024 px browse JPEG (`full` says so once).
  let options: RawFeedOptions
  let saidSize = Locked(false)

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

  func pdsRover(_ name: String) throws -> PDSRover {
    try PDSRover(name, service: serviceName)
  }

  /// Both MER rovers; one whose sols are implausible is left out with a warning, the other still listed.
  package func rovers() async throws -> [Rover] {
    async let opportunity = SolBound.leavingOutImplausible(events) { try await rover(.opportunity) }
    async let spirit = SolBound.leavingOutImplausible(events) { try await rover(.spirit) }
    return try await [opportunity, spirit].compactMap { $0 }
  }

  package func rover(named name: String) async throws -> Rover {
    try await rover(pdsRover(name))
  }

  func rover(_ rover: PDSRover) async throws -> Rover {
    let newest = try await newest(rover)
    var summary = rover.summary
    summary.maxSol = newest.sol
    summary.maxDate = newest.date
    summary.totalPhotos = newest.total
    summary.cameras = PDSCameras.all.map { Camera(name: $0.name, fullName: $0.fullName) }
    return summary
  }

  /// The rover's last product (its sol and capture date) and how many products it has, in one request.
  func newest(_ rover: PDSRover) async throws -> (sol: Int?, date: CalendarDate?, total: Int) {
    let answer = try await search(
      PDSSearch(filters: PDSSearch.products(of: rover), rows: 1, sort: PDSSearch.newestFirst),
      what: "\(rover.rawValue)'s latest sol")
    guard let last = answer.docs.first else { return (nil, nil, answer.numFound) }
    return (last.sol, photo(last, rover: rover).earthDate, answer.numFound)
  }

  /// From Solr's facets, one request per camera filter instead of a page per thousand products: each sol's
  /// total from the all-camera counts, its cameras from the per-camera ones. A sol's Earth date is the calendar's
  /// (facets carry no times); the rover's `max_date` is its last product's capture date.
  package func manifest(rover name: String) async throws -> PhotoManifest {
    let rover = try pdsRover(name)
    async let summary = self.rover(rover)
    let letters: [Character?] = [nil] + PDSCameras.all.map(\.letter)
    let counts = try await BoundedConcurrency.map(letters, width: 4) { letter in
      try await self.solCounts(rover, camera: letter)
    }
    let perCamera = zip(PDSCameras.all, counts.dropFirst())
    let sols = (counts.first ?? [:]).sorted { $0.key < $1.key }.map { sol, total in
      SolDescription(
        sol: sol, earthDate: MarsCalendar.earthDate(rover: rover.rawValue, sol: sol), totalPhotos: total,
        cameras: perCamera.filter { $0.1[sol] != nil }.map(\.0.name))
    }
    return PhotoManifest(rover: try await summary, sols: sols)
  }

  /// Sols with photos from the all-camera facet alone: one request, whatever the range.
  package func solIndex(rover name: String, range: ClosedRange<Int>?) async throws -> SolIndex {
    let rover = try pdsRover(name)
    let counts = try await solCounts(rover, camera: nil)
    let entries = counts.keys.sorted().filter { range?.contains($0) ?? true }.map {
      SolIndex.Entry(sol: $0, expected: counts[$0])
    }
    return SolIndex(latestSol: counts.keys.max(), entries: entries, cameras: PDSCameras.names)
  }

  /// Products per sol, of one camera or of all.
  func solCounts(_ rover: PDSRover, camera: Character?) async throws -> [Int: Int] {
    let name = camera.map { letter in PDSCameras.all.first { $0.letter == letter }?.name ?? String(letter) }
    let counts = try await search(
      .facets(PDSSearch.products(of: rover, camera: camera)),
      what: "\(rover.rawValue)'s sols" + (name.map { " from \($0)" } ?? "")
    ).solCounts
    // Facets naming sols past the mission's last contact (300 000 of them once) are not a listing to run.
    try SolBound.check(counts.keys, rover: rover.rawValue, service: serviceName)
    return counts
  }

  /// GET and decode one search through the response cache, with the Atlas's error rules.
  func search(_ search: PDSSearch, what: String) async throws -> PDSSearchResponse {
    let url = search.url(base: configuration.baseURL)
    let request = CachedFetcher.Request<PDSSearchResponse>(
      key: Redactor.redactKeyParameters("\(serviceName) \(url.absoluteString)"), url: url, headers: [:], what: what,
      classify: PDSClassifier(redactor: configuration.redactor).verdict, lifetime: { _ in PDSFreshness.archive })
    return try await fetcher.fetch(request)
  }
}
