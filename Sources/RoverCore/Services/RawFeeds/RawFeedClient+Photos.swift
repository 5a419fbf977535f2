import Foundation

extension RawFeedClient {
  package func photos(_ query: PhotoQuery) async throws -> [Photo] {
    let rover = try feedRover(query.rover)
    let sols: [Int]
    switch query.selection {
    case .sol(let sol): sols = [sol]
    case .latest: sols = [try await latest(rover).sol]
    case .earthDate(let date): sols = MarsCalendar.captureSols(rover: rover.rawValue, on: date)
    }
    var photos: [Photo] = []
    for sol in sols {
      photos += try await self.photos(rover, sol: sol, camera: query.camera, paging: query.paging)
    }
    // The feeds date a photo by its capture time (UTC), which falls on the sol's formula date or a day after:
    // keep exactly the photos of that day, from every sol that overlaps it (api-reference 7.5).
    if case .earthDate(let date) = query.selection { photos = photos.filter { $0.earthDate == date } }
    return photos.uniqued()
  }

  package func forEachWindow(_ query: PhotoQuery, _ body: ([Photo]) async throws -> Void) async throws {
    guard case .all = query.paging else { return try await body(photos(query)) }
    let rover = try feedRover(query.rover)
    var day: CalendarDate?
    let sols: [Int]
    switch query.selection {
    case .sol(let sol): sols = [sol]
    case .latest: sols = [try await latest(rover).sol]
    case .earthDate(let date):
      sols = MarsCalendar.captureSols(rover: rover.rawValue, on: date)
      day = date
    }
    // Ids only, across the sols of a day: what `photos` drops as repeats.
    var seen = Set<Photo.ListingKey>()
    for sol in sols {
      try await pager(rover, sol: sol, camera: query.camera).forEachWindow(window: Pager.windowBytes) { window in
        let kept = window.filter {
          matches($0, sol: sol, camera: query.camera) && keepsSample($0) && (day == nil || $0.earthDate == day)
            && seen.insert($0.listingKey).inserted
        }
        if !kept.isEmpty { try await body(kept) }
      }
    }
  }

  /// The feeds cannot tell which sols have photos without asking each: every sol of the range is a candidate.
  package func solIndex(rover name: String, range: ClosedRange<Int>?) async throws -> SolIndex {
    let rover = try feedRover(name)
    let latest = try await latest(rover).sol
    let lower = range?.lowerBound ?? 0
    let upper = min(range?.upperBound ?? latest, latest)
    let entries = lower <= upper ? (lower...upper).map { SolIndex.Entry(sol: $0, expected: nil) } : []
    return SolIndex(latestSol: latest, entries: entries, cameras: RawFeedCameras.known(rover.rawValue))
  }

  package func sols(rover name: String, range: ClosedRange<Int>?, camera: String?) async throws -> [SolDescription] {
    let rover = try feedRover(name)
    let latestSol = try await latest(rover).sol
    let upper = min(range?.upperBound ?? latestSol, latestSol)
    let lower = range?.lowerBound ?? max(0, upper - Self.defaultSolCount + 1)
    guard lower <= upper else { return [] }
    guard upper - lower < Self.maxSolRange else {
      throw ServiceError.solRangeTooWide(service: serviceName, limit: Self.maxSolRange, lower: lower, upper: upper)
    }
    var sols: [SolDescription] = []
    var done = 0
    let total = upper - lower + 1
    try await BoundedConcurrency.run(
      lower...upper, width: 4,
      { sol in
        let photos = try await self.photos(rover, sol: sol, camera: camera, paging: .all)
        guard !photos.isEmpty else { return nil as SolDescription? }
        return SolDescription(
          // The photos' own capture date, as `photos` shows it, rather than the formula date.
          sol: sol, earthDate: photos.first?.earthDate ?? MarsCalendar.earthDate(rover: rover.rawValue, sol: sol),
          totalPhotos: photos.count,
          cameras: Set(photos.map(\.camera.name)).sorted())
      }
    ) { result in
      done += 1
      events?(.progress(done: done, total: total))
      if let result { sols.append(result) }
      return true
    }
    return sols.sorted { $0.sol < $1.sol }
  }

  /// One sol's photos: 0-based pages until a short one, later pages at once when the total is known. Records of
  /// other sols (the Perseverance feed's fallback for an empty sol) and non-full samples are dropped.
  func photos(_ rover: FeedRover, sol: Int, camera: String?, paging: Paging) async throws -> [Photo] {
    switch paging {
    case .page(let number, _):
      return try await page(rover, sol: sol, camera: camera, page: number - 1).items
        .filter { matches($0, sol: sol, camera: camera) && keepsSample($0) }
    case .all:
      return try await everySample(rover, sol: sol, camera: camera).filter(keepsSample)
    }
  }

  /// Every record of one sol, thumbnails included, each once.
  func everySample(_ rover: FeedRover, sol: Int, camera: String?) async throws -> [Photo] {
    try await pager(rover, sol: sol, camera: camera).all().filter { matches($0, sol: sol, camera: camera) }.uniqued()
  }

  /// The one pager of a sol's records, thumbnails included.
  private func pager(_ rover: FeedRover, sol: Int, camera: String?) -> Pager {
    Pager(
      firstPage: 0, pageSize: rover.pageSize, what: "\(rover.rawValue) sol \(sol)",
      fetch: { number, _ in
        let page = try await self.page(rover, sol: sol, camera: camera, page: number)
        // The `/rss/api/` feed answers an empty sol with other sols' images: a page with none of this sol's
        // records ends the listing.
        guard page.items.contains(where: { $0.sol == sol }) else { return Pager.Page(items: [], rawCount: 0) }
        return page
      },
      onProgress: progressHandler(events), onWarning: warningHandler(events))
  }

  private func matches(_ photo: Photo, sol: Int, camera: String?) -> Bool {
    guard photo.sol == sol else { return false }
    return camera.map { photo.camera.name.caseInsensitiveCompare($0) == .orderedSame } ?? true
  }

  /// Thumbnails are dropped here, never by the feed: `extended=sample_type::full` loses images (4.1 gotcha 4), and
  /// InSight flags them only by `is_thumbnail` (7.4).
  private func keepsSample(_ photo: Photo) -> Bool {
    options.includeThumbnails || photo.metadata.sampleType == "full"
  }

  /// One feed page as photos, with the raw record count (before filtering) and the feed's total.
  func page(_ rover: FeedRover, sol: Int, camera: String?, page: Int) async throws -> Pager.Page {
    let lifetime = isSettled(rover, sol: sol) ? settledLifetime(rover) : RawFeedFreshness.recentSol
    let what = "\(rover.rawValue) photos of sol \(sol)\(camera.map { " from \($0)" } ?? "") (page \(page + 1))"
    let base = configuration.baseURL
    switch rover {
    case .perseverance, .ingenuity:
      let url = PerseveranceFeed.imagesURL(
        base: base, category: rover.category ?? "mars2020", sol: sol, camera: camera, page: page)
      let feed: PerseveranceFeed.Page = try await get(url, what: what) { _ in lifetime }
      if feed.unreadable > 0 {
        events?(
          .warning(.unreadableRecords(what: what, count: feed.unreadable, total: feed.images.count + feed.unreadable)))
      }
      warnRecordsTooLarge(feed.images.count { $0.sourceTooLarge }, in: what)
      return Pager.Page(
        items: feed.images.map { photo($0, rover: rover) }, rawCount: feed.images.count + feed.unreadable,
        totalCount: feed.totalResults)
    case .curiosity, .insight:
      let url =
        rover == .curiosity
        ? CuriosityFeed.itemsURL(base: base, sol: sol, camera: camera, page: page)
        : InSightFeed.itemsURL(base: base, sol: sol, camera: camera, page: page)
      let feed: CuriosityFeed.Page = try await get(url, what: what) { _ in lifetime }
      let records = feed.items.count + feed.unreadable
      if feed.unreadable > 0 {
        events?(.warning(.unreadableRecords(what: what, count: feed.unreadable, total: records)))
      }
      warnRecordsTooLarge(feed.items.count { $0.sourceTooLarge }, in: what)
      let total = feed.more == false ? (page * rover.pageSize + records) : feed.total
      return Pager.Page(items: feed.items.map { photo($0, rover: rover) }, rawCount: records, totalCount: total)
    }
  }

  /// Says that `count` records were too large to keep verbatim, when a sidecar wants them.
  private func warnRecordsTooLarge(_ count: Int, in what: String) {
    guard options.keepsRecords, count > 0 else { return }
    events?(.warning(.recordsTooLarge(what: what, count: count, limitBytes: JSONValue.maxRecordBytes)))
  }

  /// Old sols do not change; the latest ones still receive downlinks, except on a finished mission.
  private func isSettled(_ rover: FeedRover, sol: Int) -> Bool {
    if rover.isComplete { return true }
    guard let latest = latestSols.withLock({ $0[rover.rawValue] }) else { return false }
    return latest - sol >= RawFeedFreshness.settledSolLag
  }

  private func settledLifetime(_ rover: FeedRover) -> TimeInterval {
    rover.isComplete ? RawFeedFreshness.completeMission : RawFeedFreshness.settledSol
  }

  /// A Perseverance-shaped record (Perseverance or Ingenuity) with the chosen size as `img_src`.
  func photo(_ image: PerseveranceFeed.Image, rover: FeedRover = .perseverance) -> Photo {
    let sizes = image.sizes
    let source = sizes[options.size.rawValue] ?? sizes["large"] ?? sizes["full"] ?? sizes.values.first ?? ""
    var photo = Photo(
      id: .text(image.id), sol: image.sol,
      camera: Camera(name: image.instrument, fullName: RawFeedCameras.fullName(fromTitle: image.title)),
      imageSource: source, earthDate: earthDate(image.dateTaken, rover: rover, sol: image.sol),
      rover: summary(rover),
      metadata: Self.metadata(
        image.metadata, dateTaken: image.dateTaken, sampleType: image.sampleType,
        imageFiles: sizes, title: image.title))
    photo.source = options.keepsRecords ? image.source : nil
    return photo
  }

  /// A `raw_image_items` record (Curiosity or InSight). InSight's instruments are lower case (`icc`); mru
  /// upper-cases them, and so do we, so `--camera ICC` and the camera tables agree.
  func photo(_ item: CuriosityFeed.Item, rover: FeedRover = .curiosity) -> Photo {
    let camera = rover == .insight ? item.instrument.uppercased() : item.instrument
    var photo = Photo(
      id: .text(item.id), sol: item.sol,
      camera: Camera(name: camera, fullName: RawFeedCameras.fullName(fromTitle: item.title)),
      imageSource: item.url, earthDate: earthDate(item.dateTaken, rover: rover, sol: item.sol),
      rover: summary(rover),
      metadata: Self.metadata(
        item.metadata, dateTaken: item.dateTaken, sampleType: item.sampleType,
        imageFiles: nil, title: item.title))
    photo.source = options.keepsRecords ? item.source : nil
    return photo
  }

  /// The record's frame metadata with the feed's own capture time, sample type and sizes; its title where the
  /// metadata has none.
  private static func metadata(
    _ base: FrameMetadata, dateTaken: String?, sampleType: String?, imageFiles: [String: String]?, title: String?
  ) -> FrameMetadata {
    var metadata = base
    metadata.dateTaken = dateTaken
    metadata.sampleType = sampleType
    metadata.imageFiles = imageFiles
    metadata.title = metadata.title ?? title
    return metadata
  }

  /// The capture date in UTC when the feed has it, else the services' sol arithmetic.
  private func earthDate(_ taken: String?, rover: FeedRover, sol: Int) -> CalendarDate {
    taken.flatMap(CalendarDate.init(lenient:)) ?? MarsCalendar.earthDate(rover: rover.rawValue, sol: sol)
      ?? CalendarDate(daysSinceEpoch: 0)
  }

  private func summary(_ rover: FeedRover) -> Rover {
    let dates = Mission(name: rover.rawValue).map(MarsCalendar.dates)
    return Rover(name: rover.displayName, landingDate: dates?.landing, launchDate: dates?.launch, status: rover.status)
  }
}
