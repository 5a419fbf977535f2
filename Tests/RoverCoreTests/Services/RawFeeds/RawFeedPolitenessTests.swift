import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// NASA's Perseverance feed has answered 403 to concurrent index requests: the feeds' index is read one request at
/// a time, and a 403 (like a 429 or 503) is retried with back-off, as often as the retry policy allows.
@Suite struct RawFeedPolitenessTests {
  static func client(_ feeds: MockRawFeeds, retries: Int) -> RawFeedClient {
    RawFeedClient(configuration: .testing(.nasaRaw, baseURL: feeds.baseURL, retries: retries))
  }

  /// The Perseverance feed's index, as the server logs its path (without the trailing slash).
  static let indexPath = "/rss/api"

  static func isIndex(_ request: TestRequest) -> Bool {
    request.path.hasPrefix(Self.indexPath)
  }

  @Test func indexRequestsNeverOverlapAcrossSolsAndPages() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    // Slow answers, so that requests sent together would be seen together.
    feeds.inject(.delay(0.05), times: 1000, pathPrefix: Self.indexPath)
    let client = Self.client(feeds, retries: 1)
    let sols = try await client.sols(rover: "perseverance", range: 95...104, camera: nil)
    #expect(sols.map(\.sol) == [100, 101, 103])
    #expect(feeds.server.requests.filter(Self.isIndex).count > 10)
    #expect(feeds.server.maxConcurrentRequests(where: Self.isIndex) == 1)
  }

  @Test(arguments: [403, 429, 503])
  func aRefusedIndexRequestIsRetriedAndTheListingCompletes(status: Int) async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    feeds.inject(
      .status(status, body: "<h1>Forbidden</h1>", contentType: "text/html"), times: 2,
      pathPrefix: Self.indexPath)
    let photos = try await Self.client(feeds, retries: 3).photos(
      PhotoQuery(rover: "perseverance", selection: .sol(101)))
    #expect(photos.count == 12)
  }

  @Test func aFeedThatKeepsRefusingIsGivenUpAfterTheRetries() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    feeds.inject(
      .status(403, body: "<h1>Forbidden</h1>", contentType: "text/html"), times: 1000,
      pathPrefix: Self.indexPath)
    await #expect(throws: ServiceError.self) {
      try await Self.client(feeds, retries: 2).photos(PhotoQuery(rover: "perseverance", selection: .sol(101)))
    }
    #expect(feeds.server.requests.filter(Self.isIndex).count == 3)
  }
}
