import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

@Suite struct DownloaderTests {
  func photo(_ id: Int, _ url: URL, camera: String = "FHAZ") -> Photo {
    Photo(
      id: .number(id), sol: 1000, camera: Camera(name: camera), imageSource: url.absoluteString,
      earthDate: CalendarDate(year: 2015, month: 5, day: 30)!, rover: Rover(name: "Curiosity", status: .active))
  }

  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rover-dl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Many photos asking for few URLs at the same moment: each URL is transferred once, every photo gets its file.
  @Test func deduplicatesConcurrentRequestsForOneURL() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.delay(0.2), times: 10, pathPrefix: "/images/")
    let urls = (0..<5).map { api.server.url("/images/shared-\($0).jpg") }
    let photos = (0..<60).map { photo($0, urls[$0 % urls.count]) }
    let directory = try temporaryDirectory()
    let events = Locked<[DownloadResult]>([])
    let downloader = Downloader(
      options: DownloadOptions(
        outputDirectory: directory, template: try NameTemplate(), jobs: 16, keepsRecord: true, engine: .testing)
    ) { event in
      if case .finished(let result) = event { events.withLock { $0.append(result) } }
    }
    let summary = try await downloader.run(photos)
    #expect(summary.downloaded == 60)
    #expect(summary.failed == 0)
    for url in urls { #expect(api.requestCount(pathPrefix: url.path) == 1) }
    #expect(events.current.count == 60)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".jpg") }
    #expect(files.count == 60)
  }

  /// Transfers are shared by a 64-bit hash of their URL: a transfer already under that hash for another URL (a
  /// collision, planted here) is never taken for this one.
  @Test func aHashCollisionNeverSharesATransfer() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let url = api.server.url("/images/mine.jpg")
    let directory = try temporaryDirectory()
    let downloader = Downloader(
      options: DownloadOptions(
        outputDirectory: directory, template: try NameTemplate(), jobs: 2, keepsRecord: true, engine: .testing))
    let other = SharedTransfer(url: api.server.url("/images/other.jpg").absoluteString)
    other.finish(.failure(DownloadError.invalidURL("planted")))
    downloader.inFlight.insert(other, forKey: StableHash.value(url.absoluteString))
    let summary = try await downloader.run([photo(1, url)])
    #expect(summary.downloaded == 1)
    #expect(summary.failed == 0)
    #expect(api.requestCount(pathPrefix: url.path) == 1)
  }

  @Test func concurrencyStaysWithinJobs() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.delay(0.1), times: 100, pathPrefix: "/images/")
    let photos = (0..<30).map { photo($0, api.server.url("/images/p\($0).jpg")) }
    let downloader = Downloader(
      options: DownloadOptions(
        outputDirectory: try temporaryDirectory(), template: try NameTemplate(), jobs: 5, keepsRecord: true,
        engine: .testing))
    let summary = try await downloader.run(photos)
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
    let directory = try temporaryDirectory()
    let photos = (0..<4).map { photo($0, server.url("/slow/\($0).jpg")) }
    let downloader = Downloader(
      options: DownloadOptions(
        outputDirectory: directory, template: try NameTemplate(), jobs: 4, keepsRecord: true, engine: .testing))
    let run = Task { try await downloader.run(photos) }
    try await Task.sleep(nanoseconds: 400_000_000)
    run.cancel()
    let summary = try await run.value
    #expect(summary.interrupted)
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(left.allSatisfy { $0 == DownloadOptions.recordName }, "\(left)")
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
    let photos = names.enumerated().map { photo($0.offset, api.server.url("/images/\($0.element).jpg")) }
    let results = Locked<[Int: DownloadResult.Outcome]>([:])
    let downloader = Downloader(
      options: DownloadOptions(
        outputDirectory: try temporaryDirectory(), template: try NameTemplate(),
        retryPolicy: RetryPolicy(maxRetries: 1, baseDelay: 0.01), keepsRecord: true, engine: .testing)
    ) { event in
      if case .finished(let result) = event, case .number(let id) = result.photo.id {
        results.withLock { $0[id] = result.outcome }
      }
    }
    _ = try await downloader.run(photos)
    let outcomes = results.current
    guard case .failed(.notAnImage(let type, _, _)) = outcomes[0] else {
      Issue.record("html: \(String(describing: outcomes[0]))")
      return
    }
    #expect(type.hasPrefix("text/html"))
    #expect(outcomes[1] == .failed(.httpStatus(status: 404, url: api.server.url("/images/missing.jpg").absoluteString)))
    guard case .failed(.transfer(.shortBody(_, let expected?, let received))) = outcomes[2] else {
      Issue.record("short: \(String(describing: outcomes[2]))")
      return
    }
    #expect(expected == 4096 && received == 10)
    #expect(outcomes[3] == .downloaded(bytes: 4096))
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
