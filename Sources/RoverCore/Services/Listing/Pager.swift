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
  /// the service has one) is asked only when the first page says nothing of the total.
  func all(expectedCount: () async -> Int? = { nil }) async throws -> [Photo] {
    let first = try await fetch(firstPage, pageSize)
    guard first.rawCount > 0 else { return [] }
    var listing = Listing(what: what)
    try listing.add(first.items)
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
        guard try listing.add(probe.items) > 0 else { return listing.photos }
        size = first.rawCount
        return try await walk(from: firstPage + 2, after: probe.rawCount, size: size, expected: nil, listing)
      } else {
        return listing.photos
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
      try await BoundedConcurrency.ordered(Array(next...last), width: width, { try await fetch($0, pageSize) }) {
        page in
        next += 1
        lastCount = page.rawCount
        onProgress?(next - firstPage, last - firstPage + 1)
        if try listing.add(page.items) == 0, page.rawCount > 0 {
          onWarning?(.pageRepeated(what: what, page: next - 1))
          ended = true
        }
        ended = ended || page.rawCount < size
        return !ended
      }
      if ended || (first.lastPage != nil && !capped) { return listing.photos }
      if capped { throw listing.cut("pages were still full after \(Self.maxPages) pages") }
    }
    guard first.lastPage == nil else { return listing.photos }
    return try await walk(from: next, after: lastCount, size: size, expected: expected, listing)
  }

  /// Pages one at a time while they come back full and bring new photos.
  private func walk(from start: Int, after lastCount: Int, size: Int, expected: Int?, _ listing: Listing) async throws
    -> [Photo]
  {
    var listing = listing
    var lastCount = lastCount
    var next = start
    while lastCount >= size {
      guard next - firstPage < Self.maxPages else {
        throw listing.cut("pages were still full after \(Self.maxPages) pages")
      }
      if let expected, listing.photos.count - size > expected {
        onWarning?(.countExceeded(what: what, listed: listing.photos.count, expected: expected))
        break
      }
      let page = try await fetch(next, size)
      if try listing.add(page.items) == 0, page.rawCount > 0 {
        onWarning?(.pageRepeated(what: what, page: next))
        break
      }
      lastCount = page.rawCount
      next += 1
    }
    return listing.photos
  }

  /// The photos so far and their ids, so a repeated page is noticed and no photo is listed twice.
  struct Listing {
    var what: String
    var photos: [Photo] = []
    var seen: Set<Photo.ListingKey> = []
    /// What the photos listed so far hold, about (``Photo/estimatedBytes``).
    var bytes = 0
    /// Where the newest version listed so far of each versioned id is.
    var newest: [PhotoID: Int] = [:]

    /// Adds the photos not seen before; returns how many were new. Of two versions listed under one id, the older
    /// is marked (``Photo/isOlderVersion``), whichever came first.
    /// - Throws: ``ServiceError/listingCut(what:reason:)`` past ``Pager/maxPhotosPerSol`` or
    ///   ``Pager/maxBytesPerSol``.
    @discardableResult
    mutating func add(_ items: [Photo]) throws -> Int {
      let before = photos.count
      for var photo in items where seen.insert(photo.listingKey).inserted {
        if let version = photo.listingKey.version {
          if let index = newest[photo.id], let listed = photos[index].listingKey.version {
            if version > listed {
              photos[index].isOlderVersion = true
              newest[photo.id] = photos.count
            } else {
              photo.isOlderVersion = true
            }
          } else {
            newest[photo.id] = photos.count
          }
        }
        bytes += photo.estimatedBytes
        photos.append(photo)
      }
      guard photos.count <= Pager.maxPhotosPerSol else {
        throw cut("more than \(Pager.maxPhotosPerSol) photos, more than any sol holds")
      }
      guard bytes <= Pager.maxBytesPerSol else {
        throw cut("its records passed \(Pager.maxBytesPerSol / 1024 / 1024) MB, more than any sol holds")
      }
      return photos.count - before
    }

    func cut(_ reason: String) -> ServiceError {
      ServiceError.listingCut(what: what, reason: reason)
    }
  }
}
