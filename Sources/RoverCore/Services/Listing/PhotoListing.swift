/// Turns any `ListingPlan` into batches of photos, handed over in order as each is complete, and notices what
/// went missing: a sol listed short of the service's count (a warning, and in the result for `--strict`), an
/// id the service does not know (the others are still listed; the failures are returned).
package struct PhotoListing: Sendable {
  package let service: any PhotoService
  package var events: ClientEventHandler?
  /// Applied to every batch before it is handed over: time, place, sequence and versions.
  package var filter: PhotoFilter
  /// Whether a single sol's listing is checked against the service's own count (one more request, usually
  /// answered from the cache), as a range's always is: for `--strict`.
  package var checksCounts = false
  /// Told, before a range is listed, how many photos its sols hold by the service's counts (when it counts every
  /// sol and the range takes whole sols): for a download's time left.
  package var onEstimate: (@Sendable (Int) -> Void)?

  package init(service: any PhotoService, events: ClientEventHandler? = nil, filter: PhotoFilter = PhotoFilter()) {
    self.service = service
    self.events = events
    self.filter = filter
  }

  package struct Outcome: Sendable {
    package var shortfalls: [Shortfall] = []
    /// Ids that could not be looked up, with why.
    package var failedIDs: [(id: PhotoID, error: any Error)] = []
    package var listed = 0
    /// Older versions of re-sent frames the newest-version default left out, over the whole listing: the command
    /// says how many, once (`--versions all` lists them).
    package var olderVersions = 0
  }

  package func forEachBatch(_ request: ListingPlan, _ body: ([Photo]) async throws -> Void) async throws -> Outcome {
    var outcome = Outcome()
    switch request {
    case .query(let query):
      // A window at a time (a whole sol unless it is huge): printed or downloaded before the next is listed.
      var handedOver = false
      var olderVersions = 0
      let listed = try await forEachWindow(query) { photos in
        let (kept, older) = filter.applyCounting(photos)
        olderVersions += older
        handedOver = true
        try await body(kept)
      }
      outcome.listed = listed
      outcome.olderVersions += olderVersions
      if checksCounts, let shortfall = try await shortfall(of: query, listed: outcome.listed) {
        outcome.shortfalls.append(shortfall)
      }
      if !handedOver { try await body([]) }
    case .range(let range):
      let estimate = onEstimate
      let whole = range.cameras.isEmpty && range.limit == nil && filter.takesWholeSols && range.days.isSols
      let choosing: ([SolIndex.Entry], Int?) -> [SolIndex.Entry] = { entries, _ in
        if let estimate, let total = SolIndex.estimate(entries, wholeSols: whole) { estimate(total) }
        return entries
      }
      try await MissionLister(service: service, events: events, filter: filter).forEachSol(
        range, choosing: choosing
      ) { batch in
        outcome.listed += batch.photos.count
        outcome.olderVersions += batch.olderVersions
        // Judged by what the service listed, before the filter and the limit took their share.
        if let expected = batch.expected, batch.listed < expected {
          outcome.shortfalls.append(shortfall(sol: batch.sol, listed: batch.listed, expected: expected))
        }
        try await body(batch.photos)
        return true
      }
    case .latest(let rover, let cameras, let limit):
      var remaining = limit ?? Int.max
      for camera in cameras.isEmpty ? [nil] : cameras.map(Optional.some) where remaining > 0 {
        let photos = try await service.photos(PhotoQuery(rover: rover, selection: .latest, camera: camera))
        let (newest, older) = filter.applyCounting(photos)
        outcome.olderVersions += older
        let kept = Array(newest.prefix(remaining))
        remaining -= kept.count
        outcome.listed += kept.count
        try await body(kept)
      }
    case .ids(let ids):
      let service = self.service
      try await BoundedConcurrency.ordered(ids, width: 8, { id in (id, await Self.lookUp(id, in: service)) }) {
        let (id, result) = $0
        switch result {
        case .success(let photo):
          outcome.listed += 1
          try await body([photo])
        case .failure(let error as CancellationError):
          throw error
        case .failure(let error):
          outcome.failedIDs.append((id: id, error: error))
        }
        return true
      }
    }
    return outcome
  }

  /// One query's photos, handed to `body` a window at a time; returns how many were listed. A date before landing
  /// is refused, a camera group asked member by member, an empty answer explained when it is the user's mistake.
  private func forEachWindow(_ query: PhotoQuery, _ body: ([Photo]) async throws -> Void) async throws -> Int {
    if case .earthDate(let date) = query.selection, let landing = MarsCalendar.landingDate(rover: query.rover),
      date < landing
    {
      throw ServiceError.dateBeforeLanding(rover: query.rover, date: date, landing: landing)
    }
    var listed = 0
    if let camera = query.camera {
      // A group (NAVCAM on Perseverance) is its members, each asked for.
      var seen = Set<Photo.ListingKey>()
      var member = query
      for name in try await checkCamera(camera, rover: query.rover) {
        member.camera = name
        try await service.forEachWindow(member) { window in
          let new = window.filter { seen.insert($0.listingKey).inserted }
          listed += new.count
          if !new.isEmpty { try await body(new) }
        }
      }
    } else {
      try await service.forEachWindow(query) { window in
        listed += window.count
        if !window.isEmpty { try await body(window) }
      }
    }
    if listed == 0 { try await explainEmpty(query) }
    return listed
  }

  /// A whole sol (every camera, every page) listed short of the count the service gives for it; said as a warning.
  private func shortfall(of query: PhotoQuery, listed: Int) async throws -> Shortfall? {
    guard case .sol(let sol) = query.selection, query.camera == nil, case .all = query.paging else { return nil }
    let index = try await service.solIndex(rover: query.rover, range: sol...sol)
    guard let expected = index.entries.first(where: { $0.sol == sol })?.expected, listed < expected else { return nil }
    return shortfall(sol: sol, listed: listed, expected: expected)
  }

  /// A sol listed short, said as a warning.
  private func shortfall(sol: Int, listed: Int, expected: Int) -> Shortfall {
    events?(.warning(.solListedShort(sol: sol, listed: listed, expected: expected)))
    return Shortfall(sol: sol, listed: listed, expected: expected)
  }

  /// An empty answer to one sol is checked against what the service knows (one more, usually cached, request):
  /// a sol past the latest, or a page past the last, is the user's mistake and said so, not an empty success.
  private func explainEmpty(_ query: PhotoQuery) async throws {
    if case .earthDate(let date) = query.selection, let sol = MarsCalendar.sols(rover: query.rover, on: date).last {
      let index = try await service.solIndex(rover: query.rover, range: sol...sol)
      guard let latest = index.latestSol else { return }
      try SolBound.check(
        date...date, rover: query.rover, latest: latest, service: index.answeredBy ?? service.serviceName)
    }
    guard case .sol(let sol) = query.selection else { return }
    let index = try await service.solIndex(rover: query.rover, range: sol...sol)
    if let latest = index.latestSol, sol > latest {
      throw ServiceError.solOutOfRange(
        rover: query.rover, sol: sol, latest: latest, service: index.answeredBy ?? service.serviceName)
    }
    if case .page(let page, let perPage?) = query.paging, page > 1,
      let expected = index.entries.first(where: { $0.sol == sol })?.expected, expected > 0
    {
      let last = (expected + perPage - 1) / perPage
      if page > last { throw ServiceError.pageOutOfRange(page: page, last: last, perPage: perPage, sol: sol) }
    }
  }

  private static func lookUp(_ id: PhotoID, in service: any PhotoService) async -> Result<Photo, any Error> {
    do {
      return .success(try await service.photo(id: id))
    } catch {
      return .failure(error)
    }
  }

  /// A name rover's own table knows costs nothing; any other is checked against the names the service reports.
  private func checkCamera(_ camera: String, rover: String) async throws -> [String] {
    if let names = CameraCatalog.resolve(camera, rover: rover, serviceNames: []) { return names }
    let index = try await service.solIndex(rover: rover, range: 0...0)
    if let names = CameraCatalog.resolve(camera, rover: rover, serviceNames: index.cameras) { return names }
    let known = Array(Set(index.cameras + CameraCatalog.names(rover: rover))).sorted()
    throw ServiceError.unknownCamera(rover: rover, camera: camera, known: known)
  }
}
