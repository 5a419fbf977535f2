import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// Servers that page badly: the listing still ends, is complete where it can be, and says what it did.
@Suite struct PagerTests {
  static func photo(_ id: Int, sol: Int = 5) -> String {
    #"{"id":\#(id),"sol":\#(sol),"camera":{"id":20,"name":"FHAZ","rover_id":5,"full_name":"Front"},"#
      + #""img_src":"http://127.0.0.1:9/\#(id).jpg","earth_date":"2012-08-11","#
      + #""rover":{"id":5,"name":"Curiosity","landing_date":"2012-08-06","launch_date":"2011-11-26","status":"active"}}"#
  }

  static func manifest(count: Int, sol: Int = 5) -> String {
    #"{"photo_manifest":{"name":"Curiosity","landing_date":"2012-08-06","launch_date":"2011-11-26","#
      + #""status":"active","max_sol":10,"max_date":"2012-08-16","total_photos":\#(count),"#
      + #""photos":[{"sol":\#(sol),"earth_date":"2012-08-11","total_photos":\#(count),"cameras":["FHAZ"]}]}}"#
  }

  static func page(_ ids: some Sequence<Int>, extra: String = "") -> TestResponse {
    .json(#"{"photos":[\#(ids.map { photo($0) }.joined(separator: ","))]\#(extra)}"#)
  }

  static func client(_ server: TestHTTPServer, warnings: Locked<[Notice]>, preset: ServicePreset = .nebulum)
    -> RoverClient
  {
    RoverClient(
      configuration: .testing(preset, baseURL: server.url("/api/v1"), retries: 0),
      events: { event in
        if case .warning(let notice) = event { warnings.withLock { $0.append(notice) } }
      })
  }

  @Test func aServerThatIgnoresPageEndsTheListing() async throws {
    let server = try TestHTTPServer { request in
      request.path.contains("manifests") ? .json(Self.manifest(count: 2000)) : Self.page(1...500)
    }
    defer { server.stop() }
    let warnings = Locked<[Notice]>([])
    let photos = try await Self.client(server, warnings: warnings).photos(
      PhotoQuery(rover: "curiosity", selection: .sol(5)))
    #expect(photos.count == 500)
    #expect(server.requestCount < 10)
    #expect(warnings.current.contains { if case .pageRepeated = $0 { true } else { false } }, "\(warnings.current)")
  }

  /// 856 photos, pages capped at 100 and no paging information: all 856, not 100.
  @Test func anUnannouncedPerPageCapIsDetected() async throws {
    let server = try TestHTTPServer { request in
      if request.path.contains("manifests") { return .json(Self.manifest(count: 856)) }
      let page = Int(request.query("page") ?? "1") ?? 1
      let start = (page - 1) * 100
      return Self.page(start..<min(856, start + 100))
    }
    defer { server.stop() }
    let photos = try await Self.client(server, warnings: Locked([])).photos(
      PhotoQuery(rover: "curiosity", selection: .sol(5)))
    #expect(photos.map(\.id) == (0..<856).map { .number($0) })
  }

  @Test func aWildTotalPagesIsNotTrusted() async throws {
    let server = try TestHTTPServer { request in
      let page = Int(request.query("page") ?? "1") ?? 1
      let pagination = #","pagination":{"total_count":99999999,"page":\#(page),"per_page":100,"total_pages":999999}"#
      return page <= 2 ? Self.page((page - 1) * 100..<page * 100, extra: pagination) : Self.page([], extra: pagination)
    }
    defer { server.stop() }
    let warnings = Locked<[Notice]>([])
    let client = Self.client(server, warnings: warnings, preset: .marsvista)
    let photos = try await client.photos(PhotoQuery(rover: "curiosity", selection: .sol(5)))
    #expect(photos.count == 200)
    #expect(server.requestCount < 20, "\(server.requestCount) requests")
    #expect(
      warnings.current.contains { if case .pagesCapped(_, claimed: 999999, _) = $0 { true } else { false } },
      "\(warnings.current)")
  }

  /// Full pages of new photos with no end and a count of a million: cut at the photo cap and said to be cut,
  /// never returned as the whole sol (a PDS search once printed 500 000 lines and exited 0).
  @Test func anEndlessSolIsCutAtThePhotoCap() async throws {
    let server = try TestHTTPServer { request in
      if request.path.contains("manifests") { return .json(Self.manifest(count: 1_000_000)) }
      let page = Int(request.query("page") ?? "1") ?? 1
      return Self.page((page - 1) * 100..<page * 100)
    }
    defer { server.stop() }
    let client = Self.client(server, warnings: Locked([]))
    await #expect(
      throws: ServiceError.listingCut(
        what: "curiosity photos of sol 5", reason: "more than 25000 photos, more than any sol holds")
    ) {
      try await client.photos(PhotoQuery(rover: "curiosity", selection: .sol(5)))
    }
    // Pages past the cap are not asked for: the photos held stay bounded by it.
    // (The pages in flight when the cap is reached, at most the width of 4 more and the first, are the slack.)
    #expect(server.requestCount(pathPrefix: "/api/v1/rovers") <= Pager.maxPhotosPerSol / 100 + 8)
  }

  /// A service claiming a million pages whose pages stay full: 500 pages read, then the listing is cut.
  @Test func pagesStillFullAtThePageCapAreACutListing() async throws {
    let server = try TestHTTPServer { request in
      let page = Int(request.query("page") ?? "1") ?? 1
      let pagination = #","pagination":{"total_count":20000000,"page":\#(page),"per_page":20,"total_pages":1000000}"#
      return Self.page((page - 1) * 20..<page * 20, extra: pagination)
    }
    defer { server.stop() }
    let client = Self.client(server, warnings: Locked([]), preset: .marsvista)
    do {
      _ = try await client.photos(PhotoQuery(rover: "curiosity", selection: .sol(5)))
      Issue.record("an endless listing was returned as complete")
    } catch ServiceError.listingCut(_, let reason) {
      #expect(reason == "pages were still full after 500 pages")
    }
    #expect(server.requestCount <= Pager.maxPages + 1, "\(server.requestCount) requests")
  }

  @Test func aShortSolIsAWarningAndCounted() async throws {
    let server = try TestHTTPServer { request in
      request.path.contains("manifests") ? .json(Self.manifest(count: 60)) : Self.page(0..<55)
    }
    defer { server.stop() }
    let warnings = Locked<[Notice]>([])
    let client = Self.client(server, warnings: warnings)
    let listing = PhotoListing(
      service: client,
      events: { event in
        if case .warning(let notice) = event { warnings.withLock { $0.append(notice) } }
      })
    let outcome = try await listing.forEachBatch(
      .range(PhotoRange(rover: "curiosity", days: .sols(lower: 0, upper: 10)))
    ) {
      _ in
    }
    #expect(outcome.shortfalls == [Shortfall(sol: 5, listed: 55, expected: 60)])
    #expect(
      warnings.current.contains {
        if case .solListedShort(sol: 5, listed: 55, expected: 60) = $0 { true } else { false }
      }, "\(warnings.current)")
  }
}

/// NASA's Perseverance feed names a frame by its `imageid`, which has no version: a frame re-sent beside its older
/// version comes with the same id, and both must reach the version filter whatever their order.
@Suite struct PagerVersionTests {
  static func resent() throws -> (older: Photo, newer: Photo) {
    let older = try #require(try RealFrames.decoded().first { $0.frame?.version == 1 })
    var newer = older
    newer.imageSource = older.imageSource.replacingOccurrences(of: "J01", with: "J03")
    #expect(newer.id == older.id && newer.frame?.version == 3)
    return (older, newer)
  }

  @Test(arguments: [false, true])
  func bothVersionsOfOneIDAreListedAndTheNewestKept(newerFirst: Bool) throws {
    let (older, newer) = try Self.resent()
    var listing = Pager.Listing(what: "perseverance sol \(older.sol)")
    try listing.add(newerFirst ? [newer, older] : [older, newer])
    try listing.add([older])
    #expect(listing.photos.count == 2)
    #expect(PhotoFilter().apply(listing.photos).map(\.imageSource) == [newer.imageSource])
    #expect(PhotoFilter(versions: .all).apply(listing.photos).count == 2)
    // The older is marked, so the default name tells it apart and the newest keeps the newest-only name.
    let kept = PhotoFilter(versions: .all).apply(listing.photos)
    #expect(kept.filter(\.isOlderVersion).map(\.imageSource) == [older.imageSource])
    try NameTemplate.default.checkDistinguishes(kept)
    let names = Set(kept.map { NameTemplate.default.path(for: $0) })
    #expect(names.count == 2)
    #expect(names.contains(NameTemplate.default.path(for: newer)))
    #expect(names.contains { $0.hasSuffix("_v01.jpg") }, "\(names)")
  }
}

/// Counts no listing can have: the pager neither traps on their arithmetic nor believes them.
@Suite struct PagerArithmeticTests {
  static func photos(_ ids: ClosedRange<Int>) -> [Photo] {
    ids.map {
      Photo(
        id: .number($0), sol: 10, camera: Camera(name: "FHAZ"), imageSource: "http://127.0.0.1:9/\($0).jpg",
        earthDate: CalendarDate(year: 2012, month: 8, day: 16)!, rover: Rover(name: "Curiosity"))
    }
  }

  @Test(arguments: [(Int?.some(Int.max), Int?.none), (nil, Int.min), (nil, Int.max), (Int.min, nil)])
  func absurdCountsEndTheListingInsteadOfTrapping(total: Int?, lastPage: Int?) async throws {
    let pager = Pager(
      firstPage: 0, pageSize: 3, what: "curiosity sol 10",
      fetch: { number, _ in
        number == 0
          ? Pager.Page(items: Self.photos(1...3), rawCount: 3, lastPage: lastPage, totalCount: total)
          : Pager.Page(items: [], rawCount: 0)
      })
    #expect(try await pager.all().count == 3)
  }

  /// A server that caps its pages below the size asked for (the PDS's `rows`): every record is still read, each
  /// page starting where the last ended.
  @Test func offsetsFollowTheCappedPageSize() async throws {
    let all = Self.photos(1...350)
    let pager = Pager(
      firstPage: 0, pageSize: 1000, what: "opportunity sol 2",
      fetch: { number, size in
        let start = min(number * size, all.count)
        let page = Array(all[start..<min(start + 100, all.count)])
        return Pager.Page(items: page, rawCount: page.count, totalCount: all.count)
      })
    #expect(try await pager.all().map(\.id) == all.map(\.id))
  }
}
