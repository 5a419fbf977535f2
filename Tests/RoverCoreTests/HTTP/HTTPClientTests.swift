import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// The one request loop, in process, over both engines: retries, redirects, classification, progress accounting.
@Suite struct HTTPClientTests {
  static let fast = RetryPolicy(maxRetries: 3, baseDelay: 0.01)

  /// The engine answers go through and the one images go through (on Linux the same kind, set up differently).
  static func engines() -> [any HTTPEngine] {
    [HTTPEngines.api(.testing, timeout: 60), HTTPEngines.files(.testing, timeout: 5, jobs: 4)]
  }

  /// Accepts 2xx, retries 5xx, fails the rest: the shape every real classifier has.
  static func classify(_ response: HTTPResponse) -> HTTPVerdict {
    switch response.status {
    case 200..<300: return .accept
    case 500..<600: return .retry(ServiceError.serverError(status: response.status, url: ""), retryAfter: nil)
    default: return .fail(ServiceError.unexpectedStatus(status: response.status, url: "", message: ""))
    }
  }

  @Test func serverErrorsAreRetriedUntilAnAnswer() async throws {
    let count = Locked(0)
    let server = try TestHTTPServer { _ in
      count.withLock {
        $0 += 1; return $0
      } <= 2 ? .json("{}", status: 503) : .json(#"{"ok":true}"#)
    }
    defer { server.stop() }
    for engine in Self.engines() {
      count.withLock { $0 = 0 }
      let client = HTTPClient(engine: engine, retryPolicy: Self.fast)
      let response = try await client.send(HTTPRequest(url: server.url("/x")), classify: Self.classify)
      #expect(response.status == 200)
      #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
      #expect(count.current == 3, "\(type(of: engine))")
    }
  }

  @Test func retriesRunOutWithTheLastError() async throws {
    let server = try TestHTTPServer { _ in .json("{}", status: 500) }
    defer { server.stop() }
    let client = HTTPClient(
      engine: HTTPEngines.api(.testing, timeout: 60), retryPolicy: RetryPolicy(maxRetries: 2, baseDelay: 0))
    await #expect(throws: ServiceError.serverError(status: 500, url: "")) {
      try await client.send(HTTPRequest(url: server.url("/x")), classify: Self.classify)
    }
    #expect(server.requestCount == 3)
  }

  @Test func retryAfterIsHonoured() async throws {
    let started = Date()
    let count = Locked(0)
    let server = try TestHTTPServer { _ in
      count.withLock {
        $0 += 1; return $0
      } == 1 ? TestResponse.json("{}", status: 429).adding("Retry-After", "1") : .json("{}")
    }
    defer { server.stop() }
    let client = HTTPClient(engine: HTTPEngines.api(.testing, timeout: 60), retryPolicy: Self.fast)
    _ = try await client.send(HTTPRequest(url: server.url("/x"))) { response in
      response.status == 429
        ? .retry(ServiceError.rateLimited(retryAfter: 1, message: ""), retryAfter: response.retryAfter) : .accept
    }
    #expect(Date().timeIntervalSince(started) >= 0.9)
    #expect(server.requestCount == 2)
  }

  @Test func redirectsAreFollowedRelativeAndCounted() async throws {
    let server = try TestHTTPServer { request in
      switch request.path {
      case "/a": return .redirect(to: "/b")
      case "/b": return .redirect(to: "c", status: 301)
      default: return .json(#"{"at":"c"}"#)
      }
    }
    defer { server.stop() }
    for engine in Self.engines() {
      server.resetLog()
      let client = HTTPClient(engine: engine, retryPolicy: Self.fast)
      let response = try await client.send(HTTPRequest(url: server.url("/a")), classify: Self.classify)
      #expect(response.url == server.url("/c"))
      #expect(server.requests.map(\.path) == ["/a", "/b", "/c"])
    }
  }

  @Test func endlessRedirectsStopAtTheLimit() async throws {
    let server = try TestHTTPServer { request in .redirect(to: request.path + "x") }
    defer { server.stop() }
    let client = HTTPClient(engine: HTTPEngines.api(.testing, timeout: 60), retryPolicy: Self.fast)
    await #expect(throws: HTTPError.tooManyRedirects(url: server.url("/r").absoluteString)) {
      try await client.send(HTTPRequest(url: server.url("/r")), classify: Self.classify)
    }
    #expect(server.requestCount == HTTPClient.maxRedirects + 1)
  }

  @Test func redirectToAFileURLFailsAtOnceWithoutRetry() async throws {
    let server = try TestHTTPServer { _ in .redirect(to: "file:///etc/passwd") }
    defer { server.stop() }
    let client = HTTPClient(engine: HTTPEngines.api(.testing, timeout: 60), retryPolicy: Self.fast)
    await #expect(throws: HTTPError.self) {
      try await client.send(HTTPRequest(url: server.url("/r")), classify: Self.classify)
    }
    #expect(server.requestCount == 1)
  }

  /// A refused connection is named at once, never retried (as curl and wget without --retry-connrefused): a
  /// second later nothing listens either, and offline every retry only makes the user wait.
  @Test func refusedConnectionsAreNamedWithoutRetry() async throws {
    // Port 9 (discard) has no listener here: a refused connection, at once.
    let url = try #require(URL(string: "http://127.0.0.1:9/gone"))
    for engine in Self.engines() {
      let retries = Locked(0)
      let client = HTTPClient(
        engine: engine, retryPolicy: RetryPolicy(maxRetries: 3, baseDelay: 5),
        events: { event in
          if case .retrying = event { retries.withLock { $0 += 1 } }
        })
      await #expect(throws: HTTPError.connectionRefused(url: url.absoluteString)) {
        try await client.send(HTTPRequest(url: url), classify: Self.classify)
      }
      // Counted, not timed: a retry would have announced itself (and waited 2.5 s or more).
      #expect(retries.current == 0)
    }
  }

  /// `rover services` and `auto` tell a service that gave no HTTP answer from one that answered badly.
  @Test func onlyFailuresBeforeAnyAnswerAreUnanswered() {
    let url = "http://127.0.0.1:9/"
    let unanswered: [HTTPError] = [
      .connectionRefused(url: url), .hostNotFound(url: url), .network(url: url, reason: "connection lost"),
      .timedOut(url: url, seconds: 5),
    ]
    let answered: [HTTPError] = [
      .tooManyRedirects(url: url), .shortBody(url: url, expected: 10, received: 2),
      .responseTooLarge(url: url, limit: 1),
    ]
    #expect(unanswered.allSatisfy { $0.isUnanswered })
    #expect(!answered.contains { $0.isUnanswered })
  }

  @Test func theKeyNeverAppearsInErrors() async throws {
    let server = try TestHTTPServer { _ in .redirect(to: "ftp://elsewhere/?api_key=SECRET123") }
    defer { server.stop() }
    let client = HTTPClient(
      engine: HTTPEngines.api(.testing, timeout: 60), retryPolicy: Self.fast, redactor: Redactor(secrets: ["SECRET123"])
    )
    do {
      _ = try await client.send(HTTPRequest(url: server.url("/r?api_key=SECRET123")), classify: Self.classify)
    } catch let error as HTTPError {
      #expect(error.errorDescription?.contains("SECRET123") == false, "\(error)")
    }
  }

  #if canImport(CCurl)
    /// A body cut short is retried into a clean file, and the bytes of the failed attempt are taken back from
    /// progress; a file marked fresh is fresh only for the first attempt.
    @Test(arguments: [false, true]) func shortBodiesAreRetriedAndProgressTakenBack(fresh: Bool) async throws {
      let body = Data(repeating: 7, count: 5000)
      let count = Locked(0)
      let server = try TestHTTPServer { _ in
        var response = TestResponse.bytes(body, contentType: "image/jpeg")
        if count.withLock({
          $0 += 1; return $0
        }) == 1 {
          response.truncateAfter = 1000
        }
        return response
      }
      defer { server.stop() }
      let file = try ScratchFile("rover-http")
      defer { file.remove() }
      let progress = Locked(0)
      // A generous stall limit: on a loaded machine the in-process server may pause for seconds, and a stall would
      // be one retry more than the truncation this test is about.
      let engine = CurlEngine(maxConnections: 2, timeout: 60)
      defer { engine.shutdown() }
      let client = HTTPClient(engine: engine, retryPolicy: Self.fast)
      var request = HTTPRequest(
        url: server.url("/i.jpg"),
        body: .file(descriptor: file.descriptor, path: file.path, keep: { status, _ in status == 200 }),
        onBytes: { count in progress.withLock { $0 += count } })
      request.fileIsFresh = fresh
      let response = try await client.send(request, classify: Self.classify)
      #expect(response.wroteFile)
      #expect(response.bytesWritten == body.count)
      #expect(try Data(contentsOf: file.url) == body)
      #expect(progress.current == body.count)
      #expect(count.current == 2)
    }

    /// A body the caller does not keep (an HTML page for an image) is not written at all.
    @Test func unwantedBodiesAreNeverWritten() async throws {
      let server = try TestHTTPServer { _ in .html("<html>moved</html>") }
      defer { server.stop() }
      let file = try ScratchFile("rover-http")
      defer { file.remove() }
      let engine = CurlEngine(maxConnections: 2, timeout: 5)
      defer { engine.shutdown() }
      let keepImages = HTTPRequest.Body.file(
        descriptor: file.descriptor, path: file.path, keep: { _, type in type.hasPrefix("image/") })
      let response = try await HTTPClient(engine: engine).send(HTTPRequest(url: server.url("/i.jpg"), body: keepImages))
      { _ in .accept }
      #expect(!response.wroteFile)
      #expect(response.contentType.hasPrefix("text/html"))
      #expect(try Data(contentsOf: file.url).isEmpty)
    }
  #endif

  /// An API answer sent compressed arrives decompressed, with every header the layers above read (validators for
  /// the cache, rate-limit counts), and without the compressed length, which no longer describes the body.
  @Test func compressedAnswerArrivesDecodedWithItsHeaders() async throws {
    let url = try #require(
      Bundle.module.url(forResource: "answer-gzip.json", withExtension: "gz", subdirectory: "Fixtures"))
    let compressed = try Data(contentsOf: url)
    let server = try TestHTTPServer { _ in
      TestResponse.bytes(compressed, contentType: "application/json").adding("Content-Encoding", "gzip")
        .adding("ETag", "\"v7\"").adding("Last-Modified", "Tue, 24 Nov 2026 10:00:00 GMT")
        .adding("X-RateLimit-Remaining-Hour", "42")
    }
    defer { server.stop() }
    let response = try await HTTPClient(engine: HTTPEngines.api(.testing, timeout: 10))
      .send(HTTPRequest(url: server.url("/rovers")), classify: Self.classify)
    let text = String(decoding: response.body, as: UTF8.self)
    #expect(text.hasPrefix(#"{"rovers":[{"name":"Curiosity""#))
    #expect(response.body.count == 2061)
    #expect(response.header("etag") == "\"v7\"")
    #expect(response.header("Last-Modified") == "Tue, 24 Nov 2026 10:00:00 GMT")
    #expect(response.header("x-ratelimit-remaining-hour") == "42")
    #expect(response.contentLength == nil)
  }
}
