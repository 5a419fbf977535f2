import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// NASA's raw feeds in process: 0-based paging, sample-type filtering, the Perseverance feed's answer for an
/// empty sol.
@Suite struct RawFeedClientTests {
  static func client(_ feeds: MockRawFeeds, options: RawFeedOptions = RawFeedOptions()) -> RawFeedClient {
    RawFeedClient(configuration: .testing(.nasaRaw, baseURL: feeds.baseURL, retries: 1), options: options)
  }

  @Test func everyPageOfASolIsReadAndOnlyFullFramesKept() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let photos = try await Self.client(feeds).photos(PhotoQuery(rover: "perseverance", selection: .sol(100)))
    let expected = feeds.images(rover: "perseverance", sol: 100, includeThumbnails: false)
    #expect(Set(photos.map(\.id.description)) == Set(expected.map(\.id)))
    #expect(photos.allSatisfy { $0.metadata.sampleType == "full" })
  }

  @Test func thumbnailsWhenAskedFor() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let client = Self.client(feeds, options: RawFeedOptions(includeThumbnails: true))
    let photos = try await client.photos(PhotoQuery(rover: "perseverance", selection: .sol(100)))
    #expect(photos.count == feeds.images(rover: "perseverance", sol: 100, includeThumbnails: true).count)
  }

  @Test func anEmptySolIsEmptyThoughTheFeedAnswersWithOtherSols() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let photos = try await Self.client(feeds).photos(PhotoQuery(rover: "perseverance", selection: .sol(99)))
    #expect(photos.isEmpty)
  }

  @Test func curiosityPagesAndLatestSol() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let client = Self.client(feeds)
    let latest = try #require(feeds.latestSol(rover: "curiosity"))
    let photos = try await client.photos(PhotoQuery(rover: "curiosity", selection: .latest))
    #expect(!photos.isEmpty)
    #expect(photos.allSatisfy { $0.sol == latest })
  }

  @Test func spiritIsNamedAsUnavailable() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    await #expect(throws: ServiceError.unavailableRover(name: "spirit", service: "nasa-raw")) {
      try await Self.client(feeds).photos(PhotoQuery(rover: "spirit", selection: .sol(1)))
    }
    #expect(feeds.requestCount == 0)
  }

  /// `--earth-date` used to ask the formula's sol and miss photos captured that UTC day on a neighbouring sol.
  @Test func anEarthDateKeepsThePhotosCapturedThatDay() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let images = feeds.images(rover: "perseverance", sol: 100, includeThumbnails: false)
    let day = try #require(images.first.flatMap { CalendarDate(lenient: $0.dateTakenUTC) })
    let photos = try await Self.client(feeds).photos(PhotoQuery(rover: "perseverance", selection: .earthDate(day)))
    #expect(!photos.isEmpty)
    #expect(photos.allSatisfy { $0.earthDate == day })
    let expected = [99, 100, 101].flatMap { feeds.images(rover: "perseverance", sol: $0, includeThumbnails: false) }
      .filter { CalendarDate(lenient: $0.dateTakenUTC) == day }
    #expect(Set(photos.map(\.id.description)) == Set(expected.map(\.id)))
  }

  @Test func theFeedIsNeverAskedToFilterSampleTypes() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    _ = try await Self.client(feeds).photos(PhotoQuery(rover: "perseverance", selection: .sol(100)))
    #expect(feeds.requests.allSatisfy { $0.query("extended") == nil })
  }

  /// Records that are no image rover can fetch (no URL, no sol) are left out with a warning naming how many,
  /// never in silence.
  @Test func unreadableRecordsAreLeftOutAndSaid() async throws {
    func item(_ index: Int) -> String {
      let id = "NLB_\(700_001_000 + index)EDR_F0000010NCAM00001M1"
      return #"{"id":\#(index),"imageid":"\#(id)","sol":10,"instrument":"NAV_LEFT_B","#
        + #""url":"http://127.0.0.1:9/\#(id).JPG","date_taken":"2015-05-30T10:00:00.000Z","#
        + #""extended":{"sample_type":"full"}}"#
    }
    let items = [item(0), #"{"sol":10,"instrument":"NAV_LEFT_B"}"#, item(2)].joined(separator: ",")
    let server = try TestHTTPServer { _ in .json(#"{"items":[\#(items)],"more":false,"total":3,"page":0}"#) }
    defer { server.stop() }
    let warnings = Locked<[Notice]>([])
    let client = RawFeedClient(
      configuration: .testing(.nasaRaw, baseURL: server.url("/"), retries: 0),
      events: { if case .warning(let notice) = $0 { warnings.withLock { $0.append(notice) } } })
    let photos = try await client.photos(PhotoQuery(rover: "curiosity", selection: .sol(10)))
    #expect(photos.count == 2)
    #expect(
      warnings.current.contains { if case .unreadableRecords(_, count: 1, total: 3) = $0 { true } else { false } },
      "\(warnings.current)")
  }
}
