/// The one paging loop, for every service: the first page alone, then the pages whose number is known (bounded,
/// in order), then on while pages come back full, because a count may be stale or missing.
///
/// It does not trust a server: a page that repeats ids already seen (a server that ignores `page`) ends the
/// listing, and so does a count far past the service's own total (said through `onWarning`). A listing that would
/// not end (pages still full at the page cap, or more photos than any sol holds) is not passed off as whole: it
/// throws ``ServiceError/listingCut(what:reason:)`` with memory bounded by the cap. A server that caps `per_page` without saying so is detected (its pages
/// come back "short" yet the total says there is more, or a second page brings new ids) instead of returning
/// 100 of 856 with success.
struct Pager: Sendable {
  struct Page: Sendable {
    var items: [Photo]
    /// Records on the page before any filtering: what tells a full page from a short one.
    var rawCount: Int
    /// The service's own page size when it reports one (Mars Vista clamps `per_page` to 100).
    var pageSize: Int?
    /// The last page's number, when the service states it: then nothing past it is asked for.
    var lastPage: Int?
    /// How many records the whole listing has, when the service gives a count that may be stale.
    var totalCount: Int?

    init(items: [Photo], rawCount: Int, pageSize: Int? = nil, lastPage: Int? = nil, totalCount: Int? = nil) {
      self.items = items
      self.rawCount = rawCount
      self.pageSize = pageSize
      self.lastPage = lastPage
      self.totalCount = totalCount
    }
  }

  /// Page sizes servers cap `per_page` at; a first page of exactly one of these may be a capped one.
  static let commonCaps: Set<Int> = [20, 25, 50, 100, 200, 250]
  /// No sol has this many pages at any service's page size: past it, the server is looping.
  static let maxPages = 500
  /// No real sol comes near this many photos (the busiest hold a few thousand, thumbnails included): past it, the
  /// listing is refused rather than held in memory.
  static let maxPhotosPerSol = 25_000
  /// A sol's listing holds at most this many bytes (``Photo/estimatedBytes``): a real sol with its records kept
  /// for sidecars is a few MB, while a hostile one of huge records would take gigabytes long before
  /// ``maxPhotosPerSol``. Past it the listing is cut, as past the photo count.
  package static let maxBytesPerSol = 48 * 1024 * 1024
  /// A streamed sol hands its photos over each time this many bytes (``Photo/estimatedBytes``) are waiting: a
  /// busy real sol (5 000 photos, a few MB) goes in one piece, so its versions are judged together, while a huge
  /// one never sits in memory whole.
  package static let windowBytes = 16 * 1024 * 1024
  /// Past this many bytes on the first page, later pages are read one at a time (pages in flight wait whole).
  static let concurrentPageBytes = 4 * 1024 * 1024

  /// The first page's number: 1 on the API copies, 0 on the raw feeds.
  var firstPage: Int
  var pageSize: Int
  var width = 4
  /// For warnings: "curiosity sol 1000".
  var what: String
  /// Fetches page `number`, pages being `size` records long as far as the pager knows (smaller than asked for
  /// when the server caps them): a service that pages by offset starts at `number × size`.
  var fetch: @Sendable (_ number: Int, _ size: Int) async throws -> Page
  var onProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
  var onWarning: (@Sendable (Notice) -> Void)?

  /// Every page's photos in page order, each id once; `expectedCount` (the manifest's count for the sol, where
  /// the service has one) is asked only when the first page says nothing of the total. Holds the sol whole: see
  /// ``forEachWindow(window:expectedCount:_:)`` for a listing that hands it over as it goes.
  func all(expectedCount: () async -> Int? = { nil }) async throws -> [Photo] {
    var photos: [Photo] = []
    try await forEachWindow(window: .max, expectedCount: expectedCount) { photos += $0 }
    return photos
  }

  /// Every page's photos in page order, each id once, handed to `body` in windows of about `window` bytes
  /// (``Photo/estimatedBytes``) as pages come in, so a sol of any size costs a window and a page, never the sol.
  /// Versions of one frame are judged within a window (and against ids already handed over).
  /// - Throws: ``ServiceError/listingCut(what:reason:)`` when the sol passes a limit; the windows handed over before
  ///   it stay handed over.
  func forEachWindow(
    window: Int, expectedCount: () async -> Int? = { nil }, _ body: ([Photo]) async throws -> Void
  ) async throws {
    var listing = Listing(what: what, window: window)
    do {
      try await list(into: &listing, expectedCount: expectedCount, body)
    } catch let error as ServiceError {
      // A cut sol still hands over what it listed before the limit, then says it was cut.
      if case .listingCut = error { try await body(listing.takeWindow()) }
      throw error
    }
    let rest = listing.takeWindow()
    if !rest.isEmpty { try await body(rest) }
  }

  private func list(
    into listing: inout Listing, expectedCount: () async -> Int?, _ body: ([Photo]) async throws -> Void
  ) async throws {
    let first = try await fetch(firstPage, pageSize)
    guard first.rawCount > 0 else { return }
    _ = try await listing.add(first.items, body)
    var size = first.pageSize ?? pageSize
    // A server's count, never below zero; near Int.max it is still only divided, never added to.
    var expected = first.totalCount.map { max(0, $0) }
    if first.lastPage == nil, expected == nil { expected = await expectedCount().map { max(0, $0) } }
    if first.lastPage == nil, first.rawCount < size {
      // Short: the last page, or a server that caps per_page without saying so.
      if let expected, expected > first.rawCount {
        size = first.rawCount
      } else if expected == nil, Self.commonCaps.contains(first.rawCount) {
        let probe = try await fetch(firstPage + 1, first.rawCount)
        guard try await listing.add(probe.items, body) > 0 else { return }
        size = first.rawCount
        return try await walk(from: firstPage + 2, after: probe.rawCount, size: size, expected: nil, &listing, body)
      } else {
        return
      }
    }
    // A stated last page before the first means this page is the only one (and cannot underflow below).
    var last = first.lastPage.map { max($0, firstPage) }
    if last == nil, let expected { last = firstPage + expected / size + (expected % size == 0 ? 0 : 1) - 1 }
    var capped = false
    if let stated = last, stated - firstPage >= Self.maxPages {
      onWarning?(.pagesCapped(what: what, claimed: stated, limit: Self.maxPages))
      last = firstPage + Self.maxPages - 1
      capped = true
    }
    var lastCount = first.rawCount
    var next = firstPage + 1
    if let last, last >= next {
      var ended = false
      let (fetch, pageSize) = (self.fetch, size)
      // Pages in flight are held until their turn: large pages are read one at a time.
      let width = listing.bytes > Self.concurrentPageBytes ? 1 : self.width
      try await BoundedConcurrency.ordered(Array(next...last), width: width, { try await fetch($0, pageSize) }) {
        page in
        next += 1
        lastCount = page.rawCount
        onProgress?(next - firstPage, last - firstPage + 1)
        if try await listing.add(page.items, body) == 0, page.rawCount > 0 {
          onWarning?(.pageRepeated(what: what, page: next - 1))
          ended = true
        }
        ended = ended || page.rawCount < size
        return !ended
      }
      if ended || (first.lastPage != nil && !capped) { return }
      if capped { throw listing.cut("pages were still full after \(Self.maxPages) pages") }
    }
    guard first.lastPage == nil else { return }
    try await walk(from: next, after: lastCount, size: size, expected: expected, &listing, body)
  }

  /// Pages one at a time while they come back full and bring new photos.
  private func walk(
    from start: Int, after lastCount: Int, size: Int, expected: Int?, _ listing: inout Listing,
    _ body: ([Photo]) async throws -> Void
  ) async throws {
    var lastCount = lastCount
    var next = start
    while lastCount >= size {
      guard next - firstPage < Self.maxPages else {
        throw listing.cut("pages were still full after \(Self.maxPages) pages")
      }
      if let expected, listing.count - size > expected {
        onWarning?(.countExceeded(what: what, listed: listing.count, expected: expected))
        break
      }
      let page = try await fetch(next, size)
      if try await listing.add(page.items, body) == 0, page.rawCount > 0 {
        onWarning?(.pageRepeated(what: what, page: next))
        break
      }
      lastCount = page.rawCount
      next += 1
    }
  }

  /// The photos not yet handed over and the ids of every photo listed, so a repeated page is noticed and no photo
  /// is listed twice; the sol's counts and bytes, for its limits.
  struct Listing {
    var what: String
    /// Bytes of photos held before they are handed over (``Photo/estimatedBytes``); `.max`: the whole sol.
    var window = Int.max
    /// The photos of the current window, not handed over yet.
    private(set) var photos: [Photo] = []
    var seen: Set<Photo.ListingKey> = []
    /// How many photos the sol listed so far, handed over or not.
    private(set) var count = 0
    /// What the photos listed so far hold, about (``Photo/estimatedBytes``): the sol's, not the window's.
    private(set) var bytes = 0
    private var windowBytes = 0
    /// The newest version listed so far of each versioned id: its number, and where it is while in this window.
    private var newest: [PhotoID: (version: Int, index: Int?)] = [:]

    init(what: String, window: Int = .max) {
      self.what = what
      self.window = window
    }

    /// Adds the photos not seen before; returns how many were new. Of two versions listed under one id, the older
    /// is marked (``Photo/isOlderVersion``), whichever came first; once the older went out in an earlier window,
    /// the newer is marked instead, so the two still get names of their own.
    /// - Throws: ``ServiceError/listingCut(what:reason:)`` past ``Pager/maxPhotosPerSol`` or
    ///   ``Pager/maxBytesPerSol``.
    @discardableResult
    mutating func add(_ items: [Photo]) throws -> Int {
      let before = count
      for var photo in items where seen.insert(photo.listingKey).inserted {
        if let version = photo.listingKey.version {
          if let listed = newest[photo.id] {
            if version > listed.version, let index = listed.index {
              photos[index].isOlderVersion = true
            } else {
              photo.isOlderVersion = true
            }
            if version > listed.version { newest[photo.id] = (version, photos.count) }
          } else {
            newest[photo.id] = (version, photos.count)
          }
        }
        let weight = photo.estimatedBytes
        bytes += weight
        windowBytes += weight
        count += 1
        photos.append(photo)
      }
      guard count <= Pager.maxPhotosPerSol else {
        throw cut("more than \(Pager.maxPhotosPerSol) photos, more than any sol holds")
      }
      guard bytes <= Pager.maxBytesPerSol else {
        throw cut("its records passed \(Pager.maxBytesPerSol / 1024 / 1024) MB, more than any sol holds")
      }
      return count - before
    }

    /// ``add(_:)``, then the window handed to `body` once it holds ``window`` bytes.
    @discardableResult
    mutating func add(_ items: [Photo], _ body: ([Photo]) async throws -> Void) async throws -> Int {
      let added = try add(items)
      if windowBytes >= window { try await body(takeWindow()) }
      return added
    }

    /// The window's photos, which leave the listing (their ids stay, to drop repeats).
    mutating func takeWindow() -> [Photo] {
      defer {
        photos = []
        windowBytes = 0
        for (id, listed) in newest where listed.index != nil { newest[id] = (listed.version, nil) }
      }
      return photos
    }

    func cut(_ reason: String) -> ServiceError {
      ServiceError.listingCut(what: what, reason: reason)
    }
  }
}
