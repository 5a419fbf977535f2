import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

@Suite struct DownloaderTests {
  /// Many photos asking for few URLs at the same moment: each URL is transferred once, every photo gets its file.
  @Test func deduplicatesConcurrentRequestsForOneURL() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.delay(0.2), times: 10, pathPrefix: "/images/")
    let urls = (0..<5).map { api.server.url("/images/shared-\($0).jpg") }
    let photos = (0..<60).map { Photo.testing($0, at: urls[$0 % urls.count]) }
    let directory = try TestDirectory.make("rover-dl")
    let run = try await DownloadRun.run(photos, .testing(into: directory, jobs: 16))
    #expect(run.summary.downloaded == 60)
    #expect(run.summary.failed == 0)
    for url in urls { #expect(api.requestCount(pathPrefix: url.path) == 1) }
    #expect(run.results.count == 60)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".jpg") }
    #expect(files.count == 60)
  }

  /// Transfers are shared by a 64-bit hash of their URL: a transfer already under that hash for another URL (a
  /// collision, planted here) is never taken for this one.
  @Test func aHashCollisionNeverSharesATransfer() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let url = api.server.url("/images/mine.jpg")
    let directory = try TestDirectory.make("rover-dl")
    let downloader = Downloader(options: .testing(into: directory, jobs: 2))
    let other = SharedTransfer(url: api.server.url("/images/other.jpg").absoluteString)
    other.finish(.failure(DownloadError.invalidURL("planted")))
    downloader.inFlight.insert(other, forKey: StableHash.value(url.absoluteString))
    let summary = try await downloader.run([Photo.testing(1, at: url)])
    #expect(summary.downloaded == 1)
    #expect(summary.failed == 0)
    #expect(api.requestCount(pathPrefix: url.path) == 1)
  }

  @Test func concurrencyStaysWithinJobs() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.delay(0.1), times: 100, pathPrefix: "/images/")
    let photos = (0..<30).map { Photo.testing($0, at: api.server.url("/images/p\($0).jpg")) }
    let summary = try await Downloader(options: .testing(into: try TestDirectory.make("rover-dl"), jobs: 5)).run(photos)
    #expect(summary.downloaded == 30)
    #expect(api.server.maxConcurrentRequests <= 5)
  }

  @Test func cancellationRemovesTemporaryFiles() async throws {
    let server = try TestHTTPServer { _ in
      var response = TestResponse.bytes(Data(repeating: 1, count: 200_000), contentType: "image/jpeg")
      response.bodyChunkDelay = 0.05
      return response
    }
    defer { server.stop() }
    let directory = try TestDirectory.make("rover-dl")
    let photos = (0..<4).map { Photo.testing($0, at: server.url("/slow/\($0).jpg")) }
    let (received, receiving) = AsyncStream.makeStream(of: Void.self)
    let downloader = Downloader(options: .testing(into: directory, jobs: 4)) { event in
      if case .bytes = event { receiving.yield() }
    }
    let run = Task { try await downloader.run(photos) }
    // Cancelled once bytes are coming in, so temporary files exist; each body takes ten seconds to trickle in.
    for await _ in received { break }
    run.cancel()
    let summary = try await run.value
    #expect(summary.interrupted)
    // The four photos stopped part-way are counted, not dropped in silence.
    #expect(summary.downloaded + summary.skipped + summary.failed + summary.unfinished == 4)
    #expect(summary.unfinished > 0)
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    // The record, and the folder's (empty) lock: nothing half written.
    #expect(left.allSatisfy { [DownloadOptions.recordName, FolderLock.fileName].contains($0) }, "\(left)")
  }

  /// Each misbehaviour gets its own answer: not an image, a status, a short body (retried), a redirect (followed).
  @Test func failuresAreClassified() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.html(status: 200), times: 1, pathPrefix: "/images/html.jpg")
    api.inject(.notFound, times: 1, pathPrefix: "/images/missing.jpg")
    api.inject(.truncated(after: 10), times: 5, pathPrefix: "/images/short.jpg")
    api.inject(.redirect(to: "/images/target.jpg"), times: 1, pathPrefix: "/images/moved.jpg")
    let names = ["html", "missing", "short", "moved"]
    let photos = names.enumerated().map { Photo.testing($0.offset, at: api.server.url("/images/\($0.element).jpg")) }
    let options = DownloadOptions.testing(into: try TestDirectory.make("rover-dl"))
    let outcomes = try await DownloadRun.run(photos, options, retryPolicy: RetryPolicy(maxRetries: 1, baseDelay: 0.01))
      .outcomes
    guard case .failed(.notAnImage(let type, _, _)) = outcomes[.number(0)] else {
      Issue.record("html: \(String(describing: outcomes[.number(0)]))")
      return
    }
    #expect(type.hasPrefix("text/html"))
    #expect(
      outcomes[.number(1)]
        == .failed(.httpStatus(status: 404, url: api.server.url("/images/missing.jpg").absoluteString)))
    guard case .failed(.transfer(.shortBody(_, let expected?, let received))) = outcomes[.number(2)] else {
      Issue.record("short: \(String(describing: outcomes[.number(2)]))")
      return
    }
    #expect(expected == 4096 && received == 10)
    #expect(outcomes[.number(3)] == .downloaded(bytes: 4096))
    #expect(api.requestCount(pathPrefix: "/images/short.jpg") == 2)
  }

  @Test func templateSanitisesServerValues() throws {
    let template = try NameTemplate("{rover}/{camera}/{filename}")
    let hostile = Photo(
      id: .text("../x"), sol: 1, camera: Camera(name: "../../etc"), imageSource: "http://h/a/..%2F..%2Fpasswd",
      earthDate: CalendarDate(year: 2020, month: 1, day: 1)!, rover: Rover(name: ".."))
    let path = template.path(for: hostile)
    #expect(!path.split(separator: "/").contains { $0 == ".." || $0.hasPrefix(".") }, "\(path)")
    #expect(throws: DownloadError.self) { try NameTemplate("/abs/{id}") }
    #expect(throws: DownloadError.self) { try NameTemplate("a/../{id}") }
    #expect(throws: DownloadError.self) { try NameTemplate("{unknown}") }
  }

  @Test func nasaImagesAreUpgradedToHTTPS() {
    #expect(
      ImageURL.resolve("http://mars.jpl.nasa.gov/msl/a.JPG")?.absoluteString == "https://mars.jpl.nasa.gov/msl/a.JPG")
    #expect(ImageURL.resolve("http://mars.nasa.gov/a.jpg")?.scheme == "https")
    #expect(ImageURL.resolve("http://example.org/a.jpg")?.scheme == "http")
    #expect(ImageURL.resolve("http://notnasa.gov.example/a.jpg")?.scheme == "http")
    #expect(ImageURL.resolve("ftp://mars.nasa.gov/a.jpg") == nil)
  }
}
