import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// Servers that never stop talking, or talk too slowly: every answer ends, within its size and its time.
@Suite struct HostileServerTests {
  static func classify(_ response: HTTPResponse) -> HTTPVerdict { .accept }

  @Test func gzipBombStopsAtTheSizeCapDecoded() async throws {
    let url = try #require(Bundle.module.url(forResource: "zeros-10mb", withExtension: "gz", subdirectory: "Fixtures"))
    let bomb = try Data(contentsOf: url)
    let server = try TestHTTPServer { _ in
      TestResponse.bytes(bomb, contentType: "application/json").adding("Content-Encoding", "gzip")
    }
    defer { server.stop() }
    let engine = HTTPEngines.api(.testing, timeout: 10, maxBodyBytes: 1_048_576)
    await #expect(throws: HTTPError.responseTooLarge(url: server.url("/bomb").absoluteString, limit: 1_048_576)) {
      try await HTTPClient(engine: engine).send(HTTPRequest(url: server.url("/bomb")), classify: Self.classify)
    }
  }

  @Test func endlessJSONStopsAtTheSizeCap() async throws {
    let server = try TestHTTPServer { _ in
      TestResponse.json(data: Data(repeating: 0x20, count: 3_000_000))
    }
    defer { server.stop() }
    let engine = HTTPEngines.api(.testing, timeout: 10, maxBodyBytes: 1_048_576)
    await #expect(throws: HTTPError.self) {
      try await HTTPClient(engine: engine).send(HTTPRequest(url: server.url("/big")), classify: Self.classify)
    }
  }

  /// Every header of an answer is kept: a server that sends megabytes of them is cut off by the engine (libcurl's
  /// cap on a response's headers), not collected until the time runs out. URLSession has no such cap of its own
  /// (README, "HTTP engines"): there the answer's whole-response timeout is the bound. Judged by the error, not by
  /// the clock, so a loaded machine cannot fail it: on libcurl the answer ends in an error that is not the timeout.
  @Test func headersPastAnySensibleSizeEndTheAnswer() async throws {
    let server = try TestHTTPServer { _ in
      var response = TestResponse.json("{}")
      for index in 0..<6_000 { response = response.adding("X-Pad-\(index)", String(repeating: "a", count: 100)) }
      return response
    }
    defer { server.stop() }
    let curl = HTTPEngineKind.testing == .curl
    let engine = HTTPEngines.api(.testing, timeout: curl ? 120 : 10)
    let client = HTTPClient(engine: engine, retryPolicy: RetryPolicy(maxRetries: 0))
    do {
      _ = try await client.send(HTTPRequest(url: server.url("/padded")), classify: Self.classify)
      Issue.record("600 KB of headers were accepted")
    } catch let error as HTTPError {
      if curl, case .timedOut = error { Issue.record("libcurl collected the headers until the timeout: \(error)") }
    }
  }

  /// One byte a second never trips a per-read timeout; the whole answer is bounded instead.
  @Test func tricklingAPIAnswerTimesOut() async throws {
    let server = try TestHTTPServer { _ in
      var response = TestResponse.json(String(repeating: " ", count: 100) + "{}")
      response.bodyChunkSize = 1
      response.bodyChunkDelay = 0.5
      return response
    }
    defer { server.stop() }
    let client = HTTPClient(engine: HTTPEngines.api(.testing, timeout: 2), retryPolicy: RetryPolicy(maxRetries: 0))
    await #expect(throws: HTTPError.timedOut(url: server.url("/slow").absoluteString, seconds: 2)) {
      try await client.send(HTTPRequest(url: server.url("/slow")), classify: Self.classify)
    }
    // The trickle itself would take over 50 s and then succeed: the timeout error is the bound at work.
  }

  #if canImport(CCurl)
    @Test func tricklingImageIsAbortedAsStalled() async throws {
      let server = try TestHTTPServer { _ in
        var response = TestResponse.bytes(Data(repeating: 1, count: 400), contentType: "image/jpeg")
        response.bodyChunkSize = 4
        response.bodyChunkDelay = 1
        return response
      }
      defer { server.stop() }
      let file = try ScratchFile("rover-trickle")
      defer { file.remove() }
      let engine = CurlEngine(maxConnections: 1, timeout: 2)
      defer { engine.shutdown() }
      let request = HTTPRequest(
        url: server.url("/i.jpg"), body: .file(descriptor: file.descriptor, path: file.path, keep: { _, _ in true }))
      await #expect(throws: HTTPError.timedOut(url: server.url("/i.jpg").absoluteString, seconds: 2)) {
        try await HTTPClient(engine: engine, retryPolicy: RetryPolicy(maxRetries: 0)).send(request) { _ in .accept }
      }
      // The trickle itself would take over 50 s and then succeed: the timeout error is the bound at work.
    }
  #endif
}
