import Foundation

/// Lists a whole stretch of a mission sol by sol: checks the range against what the service knows (a sol past
/// its latest, a date before landing, a camera nobody knows: errors before any listing), asks only for sols that
/// have photos, several at once (bounded), and hands each sol's photos over in sol order as soon as they are
/// complete, so memory depends on the window, never on the mission.
package struct MissionLister: Sendable {
  package let service: any PhotoService
  /// Sols listed at once (each may page concurrently too; the services' hosts see at most their own cap).
  package var width: Int
  package var events: ClientEventHandler?
  /// Applied to each sol's photos before the range's limit counts them.
  package var filter: PhotoFilter?

  package init(
    service: any PhotoService, width: Int = 4, events: ClientEventHandler? = nil, filter: PhotoFilter? = nil
  ) {
    self.service = service
    self.width = width
    self.events = events
    self.filter = filter
  }

  /// Calls `body` with each sol's photos in sol order; returns when the range is done, `limit` photos were
  /// handed over, or `body` returned false. `choose`, given the sols that have photos and the latest sol, picks
  /// the ones to list (a sync skips those it finished).
  package func forEachSol(
    _ range: PhotoRange, choosing choose: (([SolIndex.Entry], _ latest: Int?) throws -> [SolIndex.Entry])? = nil,
    _ body: (SolBatch) async throws -> Bool
  ) async throws {
    var chosen = try await self.plan(range)
    if let choose { chosen.entries = try choose(chosen.entries, chosen.latest) }
    let plan = chosen
    var remaining = range.limit ?? Int.max
    let service = self.service
    let filter = self.filter
    let rover = range.rover
    let cameras = plan.cameras
    try await BoundedConcurrency.ordered(
      plan.entries, width: width,
      { entry in
        try await Self.listSol(entry, rover: rover, cameras: cameras, dates: plan.dates, service: service)
      }
    ) { batch in
      guard remaining > 0 else { return false }
      guard batch.isLarge else { return try await hand(batch, filter: filter, remaining: &remaining, body) }
      // Too large to wait in the window whole: listed again now, its turn come, a window at a time.
      var keepGoing = true
      try await Self.forEachPart(
        batch, rover: rover, cameras: cameras, dates: plan.dates, service: service
      ) { part in
        guard keepGoing, remaining > 0 else { return }
        keepGoing = try await hand(part, filter: filter, remaining: &remaining, body)
      }
      return keepGoing && remaining > 0
    }
  }

  /// One batch filtered, cut to the range's limit and handed to `body`; returns what `body` did.
  private func hand(
    _ batch: SolBatch, filter: PhotoFilter?, remaining: inout Int, _ body: (SolBatch) async throws -> Bool
  ) async throws -> Bool {
    var batch = batch
    if let filter { (batch.photos, batch.olderVersions) = filter.applyCounting(batch.photos) }
    if batch.photos.count > remaining { batch.photos = Array(batch.photos.prefix(remaining)) }
    remaining -= batch.photos.count
    return try await body(batch)
  }

  struct Plan {
    var entries: [SolIndex.Entry]
    var latest: Int? = nil
    var cameras: [String]
    var dates: ClosedRange<CalendarDate>?
  }

  /// The sols to ask for, the cameras as the service spells them, and the dates to keep.
  func plan(_ range: PhotoRange) async throws -> Plan {
    let rover = range.rover
    var dates: ClosedRange<CalendarDate>?
    let sols: ClosedRange<Int>?
    switch range.days {
    case .sols(let lower, let upper):
      sols = upper.map { lower...$0 } ?? (lower...Int.max)
    case .earthDates(let lower, let upper):
      if let landing = MarsCalendar.landingDate(rover: rover), lower < landing {
        throw ServiceError.dateBeforeLanding(rover: rover, date: lower, landing: landing)
      }
      dates = lower...upper
      // A capture date can run a day or two after the sol's formula date (api-reference 7.5): widen by two sols.
      let first = MarsCalendar.sols(rover: rover, on: lower).first.map { max(0, $0 - 2) } ?? 0
      let last = MarsCalendar.sols(rover: rover, on: upper).last.map { $0 + 1 } ?? Int.max
      sols = first...last
    }
    let index = try await service.solIndex(rover: rover, range: sols)
    guard let latest = index.latestSol else { return Plan(entries: [], cameras: [], dates: dates) }
    // The service's numbers size the plan and the look-back arithmetic: checked before any sol is listed.
    let answering = index.answeredBy ?? service.serviceName
    try SolBound.check(latest, rover: rover, service: answering)
    try SolBound.check(index.entries.lazy.map(\.sol), rover: rover, service: answering)
    if case .sols(let lower, let upper) = range.days {
      for sol in [lower, upper].compactMap({ $0 }) where sol > latest {
        throw ServiceError.solOutOfRange(rover: rover, sol: sol, latest: latest, service: answering)
      }
    }
    if let dates { try SolBound.check(dates, rover: rover, latest: latest, service: answering) }
    var cameras: [String] = []
    for camera in range.cameras {
      guard let known = CameraCatalog.resolve(camera, rover: rover, serviceNames: index.cameras) else {
        let all = Array(Set(index.cameras + CameraCatalog.names(rover: rover))).sorted()
        throw ServiceError.unknownCamera(rover: rover, camera: camera, known: all)
      }
      for name in known where !cameras.contains(name) { cameras.append(name) }
    }
    return Plan(entries: index.entries.filter { $0.sol <= latest }, latest: latest, cameras: cameras, dates: dates)
  }

  /// One sol, every page, one query per camera; photos outside the date range are dropped. A sol past a window
  /// (``Pager/windowBytes``) comes back empty and ``SolBatch/isLarge``, to be listed in parts in its turn: sols
  /// listed ahead wait whole, so each must stay small.
  static func listSol(
    _ entry: SolIndex.Entry, rover: String, cameras: [String], dates: ClosedRange<CalendarDate>?,
    service: any PhotoService
  ) async throws -> SolBatch {
    var photos: [Photo] = []
    var bytes = 0
    do {
      try await forEachWindow(of: entry.sol, rover: rover, cameras: cameras, dates: dates, service: service) {
        photos += $0
        bytes += $0.reduce(0) { $0 + $1.estimatedBytes }
        if bytes > Pager.windowBytes { throw LargeSol() }
      }
    } catch is LargeSol {
      var batch = SolBatch(sol: entry.sol, photos: [], expected: nil, listed: 0)
      batch.isLarge = true
      batch.entryExpected = entry.expected
      return batch
    }
    return SolBatch(
      sol: entry.sol, photos: photos, expected: cameras.isEmpty && dates == nil ? entry.expected : nil,
      listed: photos.count)
  }

  /// A large sol's photos as parts, each a window; the last part (maybe empty) carries the sol's count.
  static func forEachPart(
    _ large: SolBatch, rover: String, cameras: [String], dates: ClosedRange<CalendarDate>?,
    service: any PhotoService, _ body: (SolBatch) async throws -> Void
  ) async throws {
    var listed = 0
    try await forEachWindow(of: large.sol, rover: rover, cameras: cameras, dates: dates, service: service) { photos in
      listed += photos.count
      var part = SolBatch(sol: large.sol, photos: photos, expected: nil, listed: photos.count)
      part.isLast = false
      try await body(part)
    }
    let expected = cameras.isEmpty && dates == nil ? large.entryExpected : nil
    try await body(SolBatch(sol: large.sol, photos: [], expected: expected, listed: listed))
  }

  /// Every camera's windows of one sol, each photo once, those outside `dates` dropped.
  private static func forEachWindow(
    of sol: Int, rover: String, cameras: [String], dates: ClosedRange<CalendarDate>?, service: any PhotoService,
    _ body: ([Photo]) async throws -> Void
  ) async throws {
    var seen = Set<Photo.ListingKey>()
    for camera in cameras.isEmpty ? [nil] : cameras.map(Optional.some) {
      let query = PhotoQuery(rover: rover, selection: .sol(sol), camera: camera)
      try await service.forEachWindow(query) { window in
        let kept = window.filter { photo in
          seen.insert(photo.listingKey).inserted && (dates.map { $0.contains(photo.earthDate) } ?? true)
        }
        if !kept.isEmpty { try await body(kept) }
      }
    }
  }

  /// Thrown inside a sol's listing to stop it once it is past a window.
  private struct LargeSol: Error {}
}
