import Foundation
import RoverTestSupport
import Testing

/// `--limit-rate` and `--sleep` as a user tries them, and the raw feeds' index read one request at a time.
@Suite struct PolitenessTests {
  /// The Perseverance feed's index, as the server logs its path (without the trailing slash).
  static let indexPath = "/rss/api"

  static func isIndex(_ request: TestRequest) -> Bool {
    request.path.hasPrefix(Self.indexPath)
  }

  @Test(arguments: [
    ("--limit-rate", "5Q"), ("--limit-rate", "0"), ("--limit-rate", "-5K"), ("--limit-rate", "nan"),
    ("--limit-rate", "99999999999999999999T"), ("--limit-rate", "1"), ("--sleep", "1e308"), ("--sleep", "nan"),
    ("--sleep", "-1"),
    ("--sleep", "inf"),
  ])
  func aBadValueIsOneLineNamingItBeforeAnyRequest(flag: String, value: String) async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let result = try await CLI.run(["photos", "perseverance", "--sol", "101", "\(flag)=\(value)"], against: feeds)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.contains(flag), "\(result.stderr)")
    #expect(feeds.server.requestCount == 0)
  }

  @Test func sleepSpacesTheRequestsToTheService() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let result = try await CLI.run(
      ["photos", "perseverance", "--sol", "100..101", "--format", "urls", "--sleep", "0.3"], against: feeds)
    #expect(result.exitCode == 0, "\(result)")
    let arrivals = feeds.server.requests.map(\.received).sorted()
    #expect(arrivals.count >= 3)
    let gaps = zip(arrivals.dropFirst(), arrivals).map { $0.timeIntervalSince($1) }
    #expect(gaps.allSatisfy { $0 >= 0.3 }, "\(gaps)")
  }

  /// Twelve images of 85 KB (about 1 MB) at 200K a second take at least about five seconds, over eight transfers.
  @Test func limitRateHoldsOverAllTransfersTogether() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    feeds.update { $0.imageSize = 85_000 }
    let dir = try TestDirectory.make("rover-rate")
    defer { try? FileManager.default.removeItem(at: dir) }
    let started = Date()
    let result = try await CLI.run(
      ["fetch-image", "perseverance", "--sol", "101", "-o", dir.path, "-j", "8", "--limit-rate", "200K"],
      against: feeds)
    let seconds = Date().timeIntervalSince(started)
    #expect(result.exitCode == 0, "\(result)")
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".jpg") }
    #expect(files.count == 12, "\(files)")
    #expect(seconds >= 4, "took \(seconds) s")
  }

  /// The Perseverance feed's index, read for a range of sols and many pages, never has two requests in flight;
  /// the images still go several at once.
  @Test func nasaRawIndexIsReadOneRequestAtATimeWhileImagesStayParallel() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    feeds.inject(.delay(0.05), times: 1000, pathPrefix: Self.indexPath)
    feeds.inject(.delay(0.2), times: 1000, pathPrefix: "/images/")
    let dir = try TestDirectory.make("rover-serial")
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try await CLI.run(
      ["fetch-image", "perseverance", "--sol", "100..103", "-o", dir.path, "-j", "8"], against: feeds)
    #expect(result.exitCode == 0, "\(result)")
    #expect(feeds.server.requests.filter(Self.isIndex).count > 3)
    #expect(feeds.server.maxConcurrentRequests(where: Self.isIndex) == 1)
    #expect(feeds.server.maxConcurrentRequests { $0.path.hasPrefix("/images/") } > 1)
  }

  /// A 403 from the feed's index is retried with back-off and the listing completes.
  @Test func aForbiddenIndexRequestIsRetried() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let forbidden = MockFault.status(403, body: "<h1>Forbidden</h1>", contentType: "text/html")
    feeds.inject(forbidden, times: 2) { Self.isIndex($0) }
    let result = try await CLI.run(["photos", "perseverance", "--sol", "101", "--format", "urls"], against: feeds)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.split(separator: "\n").count == 12, "\(result)")
    #expect(feeds.server.requests.filter(Self.isIndex).count >= 3)
  }
}
