import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// Ingenuity and InSight through `RawFeedClient` against the local feeds: by sol, latest, Earth date by capture
/// time, thumbnails dropped on our side, 0-based paging, and one photo by id.
///
/// Serialized: each test starts a server whose `init` holds a cooperative thread until it listens, and a burst of
/// them at the start of a parallel run on two cores pushed other suites' first requests past their 5 s timeouts.
@Suite(.serialized) struct IngenuityInSightClientTests {
  static func client(_ feeds: MockRawFeeds, options: RawFeedOptions = RawFeedOptions()) -> RawFeedClient {
    RawFeedClientTests.client(feeds, options: options)
  }

  static func full(_ feeds: MockRawFeeds, _ rover: String, sols: [Int]) -> [MockRawImage] {
    sols.flatMap { feeds.images(rover: rover, sol: $0, includeThumbnails: false) }
  }

  static func ids(_ photos: [Photo]) -> Set<String> { Set(photos.map(\.id.description)) }

  @Test func ingenuitySolReadsEveryPageUnderItsOwnCategory() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let photos = try await Self.client(feeds).photos(PhotoQuery(rover: "ingenuity", selection: .sol(58)))
    let expected = Self.full(feeds, "ingenuity", sols: [58])
    #expect(expected.count == 103)
    #expect(Self.ids(photos) == Set(expected.map(\.id)))
    #expect(photos.allSatisfy { $0.metadata.sampleType == "full" && $0.rover.name == "Ingenuity" })
    #expect(photos.allSatisfy { $0.imageSource.hasSuffix("_1200.jpg") })
    let listing = feeds.requests.filter { $0.query("sol") == "58" }
    #expect(Set(listing.compactMap { $0.query("page") }) == ["0", "1"])
    #expect(feeds.requests.allSatisfy { $0.queryItems.filter { $0.name == "category" }.map(\.value) == ["ingenuity"] })
    #expect(feeds.requests.allSatisfy { $0.query("extended") == nil })
  }

  @Test func ingenuityThumbnailsOnlyWhenAskedFor() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let client = Self.client(feeds, options: RawFeedOptions(includeThumbnails: true))
    let photos = try await client.photos(PhotoQuery(rover: "ingenuity", selection: .sol(58)))
    #expect(photos.count == feeds.images(rover: "ingenuity", sol: 58).count)
    #expect(photos.filter { $0.metadata.sampleType == "thumbnail" }.count == 2)
  }

  @Test func ingenuityLatestAndAnEmptySol() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let client = Self.client(feeds)
    let latest = try await client.photos(PhotoQuery(rover: "ingenuity", selection: .latest))
    #expect(Self.ids(latest) == Set(Self.full(feeds, "ingenuity", sols: [1069]).map(\.id)))
    #expect(feeds.requests.contains { $0.query("latest") == "true" && $0.query("category") == "ingenuity" })
    // Sol 59 has nothing; the feed answers with other sols' images, which are not sol 59's.
    #expect(try await client.photos(PhotoQuery(rover: "ingenuity", selection: .sol(59))).isEmpty)
  }

  /// 2021-04-22 UTC overlaps sols 61 and 62: sol 61's midday color frames and sol 62's night frames, but not sol
  /// 61's frame of 00:30 LMST, still 2021-04-21 in UTC.
  @Test func ingenuityEarthDateByCaptureTime() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let day = try #require(CalendarDate(year: 2021, month: 4, day: 22))
    let photos = try await Self.client(feeds).photos(PhotoQuery(rover: "ingenuity", selection: .earthDate(day)))
    let expected = Self.full(feeds, "ingenuity", sols: [61, 62]).filter { $0.dateTakenUTC.hasPrefix("2021-04-22") }
    #expect(expected.count == 5)
    #expect(Self.ids(photos) == Set(expected.map(\.id)))
    #expect(Set(photos.map(\.sol)) == [61, 62])
    let before = try #require(CalendarDate(year: 2021, month: 4, day: 21))
    let night = try await Self.client(feeds).photos(PhotoQuery(rover: "ingenuity", selection: .earthDate(before)))
    #expect(night.map(\.sol) == [61])
  }

  @Test func insightSolDropsThumbnailsOnOurSide() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let photos = try await Self.client(feeds).photos(PhotoQuery(rover: "insight", selection: .sol(190)))
    #expect(Self.ids(photos) == Set(Self.full(feeds, "insight", sols: [190]).map(\.id)))
    #expect(photos.count == 3)
    #expect(Set(photos.map(\.camera.name)) == ["ICC", "IDC"])
    #expect(photos.allSatisfy { $0.rover.name == "InSight" && $0.rover.status == .complete })
    let items = feeds.requests.filter { $0.path.hasPrefix("/api/v1/raw_image_items") && $0.query("page") != nil }
    #expect(!items.isEmpty)
    #expect(items.allSatisfy { $0.query("condition_1") == "insight:mission" && $0.query("extended") == nil })
    let all = try await Self.client(feeds, options: RawFeedOptions(includeThumbnails: true))
      .photos(PhotoQuery(rover: "insight", selection: .sol(190)))
    #expect(all.count == 4)
  }

  @Test func insightPagesFromZero() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let photos = try await Self.client(feeds).photos(PhotoQuery(rover: "insight", selection: .sol(14)))
    #expect(photos.count == 100)
    let pages = feeds.requests.filter { $0.query("condition_2") == "14:sol:gte" }.compactMap { $0.query("page") }
    #expect(Set(pages) == ["0", "1"])
    // `.page(2, …)` is the feed's page 1: only the two items past the first hundred, both full.
    let second = try await Self.client(feeds).photos(
      PhotoQuery(rover: "insight", selection: .sol(14), paging: .page(2, perPage: nil)))
    #expect(second.count == 2)
  }

  @Test func insightCameraIsAskedForLowerCase() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let photos = try await Self.client(feeds).photos(PhotoQuery(rover: "insight", selection: .sol(190), camera: "ICC"))
    #expect(photos.map(\.id.description) == ["C000M0190_613408865EDR_F0000_0461M_"])
    #expect(feeds.requests.contains { $0.query("search") == "icc" })
  }

  /// 2019-06-10 UTC overlaps sols 190 and 191: the captured ICC frame (03:21Z) and sol 191's morning frames, not
  /// sol 190's morning (still 2019-06-09) nor sol 191's afternoon (2019-06-11).
  @Test func insightEarthDateByCaptureTime() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let day = try #require(CalendarDate(year: 2019, month: 6, day: 10))
    let photos = try await Self.client(feeds).photos(PhotoQuery(rover: "insight", selection: .earthDate(day)))
    let expected = Self.full(feeds, "insight", sols: [190, 191]).filter { $0.dateTakenUTC.hasPrefix("2019-06-10") }
    #expect(expected.count == 3)
    #expect(Self.ids(photos) == Set(expected.map(\.id)))
    #expect(photos.allSatisfy { $0.earthDate == day })
  }

  @Test func insightLatest() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let photos = try await Self.client(feeds).photos(PhotoQuery(rover: "insight", selection: .latest))
    #expect(photos.map(\.sol) == [1144])
    #expect(feeds.requests.contains { $0.path.hasPrefix(MockRawFeeds.insightLatestPath.dropLast()) })
  }

  @Test func roversSolsAndIndex() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let client = Self.client(feeds)
    let rovers = try await client.rovers()
    #expect(rovers.map(\.name) == ["Curiosity", "Ingenuity", "InSight", "Perseverance"])
    #expect(rovers.map(\.status) == [.active, .complete, .complete, .active])
    let insight = try await client.rover(named: "InSight")
    #expect(insight.landingDate?.description == "2018-11-26" && insight.launchDate?.description == "2018-05-05")
    #expect(insight.maxSol == 1144 && insight.cameras?.map(\.name) == ["IDC", "ICC"])
    let sols = try await client.sols(rover: "ingenuity", range: 57...62, camera: nil)
    #expect(sols.map(\.sol) == [58, 61, 62])
    #expect(sols.map(\.totalPhotos) == [103, 4, 2])
    #expect(sols.first { $0.sol == 61 }?.cameras == ["HELI_NAV", "HELI_RTE"])
    let index = try await client.solIndex(rover: "insight", range: 189...192)
    #expect(index.latestSol == 1144 && index.entries.map(\.sol) == [189, 190, 191, 192])
    #expect(index.cameras == ["IDC", "ICC"])
    let manifest = try await client.manifest(rover: "ingenuity")
    #expect(manifest.rover.maxSol == 1069 && manifest.rover.status == .complete)
  }

  @Test func photoByIDForIngenuityAndInSight() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let client = Self.client(feeds)
    let heli = try #require(feeds.images(rover: "ingenuity", sol: 61).first)
    let photo = try await client.photo(id: .text(heli.id))
    #expect(photo.id.description == heli.id && photo.rover.name == "Ingenuity")
    #expect(feeds.requests.contains { $0.query("id") == heli.id && $0.query("category") == "ingenuity" })
    let captured = "C000M0190_613408865EDR_F0000_0461M_"
    let insight = try await client.photo(id: .text(captured))
    #expect(insight.sol == 190 && insight.camera.name == "ICC")
    // A thumbnail is found too: a lookup is not a listing.
    let thumbnail = try #require(feeds.images(rover: "insight", sol: 190).first { $0.isThumbnail })
    #expect(try await client.photo(id: .text(thumbnail.id)).id.description == thumbnail.id)
    await #expect(throws: ServiceError.photoNotFound(id: "C000M0192_613000000EDR_F0000_0001M_")) {
      try await client.photo(id: .text("C000M0192_613000000EDR_F0000_0001M_"))
    }
  }
}
