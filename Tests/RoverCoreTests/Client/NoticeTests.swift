import Foundation
import RoverCore
import RoverTestSupport
import Testing

/// What a program on RoverCore's public API alone can tell apart in the events: a stale cached answer from a sol
/// listed short, an unreadable archive line from a wait, each by its case and its values, with no text to parse.
@Suite struct NoticeTests {
  /// The notices of a run, in the order they came.
  final class Collected: Sendable {
    let notices = Locked<[Notice]>([])

    func client(_ event: ClientEvent) {
      if case .warning(let notice) = event { notices.withLock { $0.append(notice) } }
    }

    func download(_ event: DownloadEvent) {
      if case .warning(let notice) = event { notices.withLock { $0.append(notice) } }
    }
  }

  /// A sol whose pages hold 55 photos of the 60 the manifest counts, as a program switching over notices sees it.
  @Test func aSolListedShortIsItsCaseWithTheSolAndCounts() async throws {
    let server = try TestHTTPServer { request in
      request.path.contains("manifests") ? .json(PagerTests.manifest(count: 60)) : PagerTests.page(0..<55)
    }
    defer { server.stop() }
    let collected = Collected()
    var settings = ConnectionSettings(service: .preset(.nebulum), baseURL: server.url("/api/v1"))
    settings.cacheMode = CacheMode(.disabled)
    settings.engine = .testing
    // A generous bound: every test's server shares this process's two pool threads, and a neighbour's CPU work
    // may hold them for a while; the notice, not the time, is what is checked.
    settings.timeout = 120
    let client = try PhotoClient(settings: settings, events: collected.client)
    var listed = 0
    for try await _ in client.photos(of: "curiosity", sols: 0...10) { listed += 1 }
    #expect(listed == 55)
    var short: [(sol: Int, listed: Int, expected: Int)] = []
    for notice in collected.notices.current {
      switch notice {
      case .solListedShort(let sol, let listed, let expected): short.append((sol, listed, expected))
      default: break
      }
    }
    #expect(short.count == 1, "\(collected.notices.current)")
    #expect(short.first.map { $0 == (5, 55, 60) } == true, "\(short)")
  }

  /// The service down after a first answer: the expired cached copy is used, and the notice carries its age and
  /// the service's own error, so a program can show "offline copy" without reading a message.
  @Test func aStaleCachedAnswerIsItsCaseWithTheAgeAndTheError() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let collected = Collected()
    var settings = ConnectionSettings(service: .preset(.nebulum), baseURL: api.baseURL)
    settings.retryPolicy = RetryPolicy(maxRetries: 0)
    settings.cacheDirectory = TestDirectory.unused("rover-notice")
    settings.cacheMode = CacheMode(maxAge: 0)
    settings.engine = .testing
    // A generous bound: every test's server shares this process's two pool threads, and a neighbour's CPU work
    // may hold them for a while; the notice, not the time, is what is checked.
    settings.timeout = 120
    let client = try PhotoClient(settings: settings, events: collected.client)
    let fresh = try await client.rovers()
    api.inject(.serverError, times: .max)
    let stale = try await client.rovers()
    #expect(stale.map(\.name) == fresh.map(\.name))
    guard case .staleCacheUsed(let what, let age, let cause)? = collected.notices.current.first else {
      Issue.record("no stale answer noticed: \(collected.notices.current)")
      return
    }
    #expect(!what.isEmpty)
    #expect(age >= 0)
    guard case .serverError? = cause as? ServiceError else {
      Issue.record("the cause is not the service's 500: \(cause)")
      return
    }
  }

  /// An archive with a line that cannot be read: the download says how many, and which file, as values.
  @Test func unreadableArchiveLinesAreTheirCaseWithTheCountAndPath() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-notice")
    let archive = dir.appendingPathComponent("archive.txt")
    // One good line, and one that is not UTF-8.
    try (Data("curiosity\t1\t4096\tx/1.jpg\n".utf8) + Data([0x63, 0xFF, 0xFE, 0x09, 0x0A])).write(to: archive)
    let collected = Collected()
    let options = DownloadOptions(outputDirectory: dir.appendingPathComponent("out"), archive: archive)
    var settings = ConnectionSettings(service: .preset(.nebulum), baseURL: api.baseURL)
    settings.cacheMode = CacheMode(.disabled)
    settings.engine = .testing
    // A generous bound: every test's server shares this process's two pool threads, and a neighbour's CPU work
    // may hold them for a while; the notice, not the time, is what is checked.
    settings.timeout = 120
    let client = try PhotoClient(settings: settings)
    let photo = try #require(try await client.photos(of: "curiosity", sol: 1000).first { _ in true })
    _ = try await client.downloader(options, events: collected.download).run([photo])
    let lines = collected.notices.current.compactMap { notice -> (Int, String)? in
      if case .unreadableLines(let count, let path) = notice { (count, path) } else { nil }
    }
    #expect(lines.count == 1, "\(collected.notices.current)")
    #expect(lines.first?.0 == 1)
    #expect(lines.first?.1 == archive.path)
  }
}
