import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// libcurl's engine keeps its connections: a download removes each transfer's easy handle when it ends, and that
/// must not shrink the pool of idle connections, or every lull costs new TLS handshakes.
@Suite(.enabled(if: HTTPEngineKind.testing == .curl, "the pool belongs to libcurl's engine"))
struct CurlEngineTests {
  /// Rounds of requests with a pause between them, as a download between its batches: every connection the first
  /// round opened is still there for the rounds after it.
  @Test func connectionsOutliveTheTransfersThatOpenedThem() async throws {
    let server = try TestHTTPServer { _ in .json(#"{"ok":true}"#) }
    defer { server.stop() }
    let proxy = try TLSProxy(upstream: server.url("/"))
    defer { proxy.stop() }
    let jobs = 8
    let engine = HTTPEngines.files(.curl, timeout: 60, jobs: jobs, caFile: proxy.caFile.path)
    for round in 0..<4 {
      try await withThrowingTaskGroup(of: Int.self) { group in
        for index in 0..<jobs {
          group.addTask {
            try await engine.perform(HTTPRequest(url: proxy.url("/\(round)/\(index)"))).status
          }
        }
        for try await status in group { #expect(status == 200) }
      }
    }
    #expect(server.requestCount == 4 * jobs)
    #expect(proxy.connections <= jobs)
  }

  /// Handles are kept and reset between transfers: what one request set (a header, a decoded answer) never reaches
  /// the next one on the same handle.
  @Test func aReusedHandleCarriesNothingOver() async throws {
    let seen = Locked<[String]>([])
    let server = try TestHTTPServer { request in
      seen.withLock { $0.append(request.header("X-Only-Once") ?? "-") }
      return .json(#"{"ok":true}"#)
    }
    defer { server.stop() }
    let engine = HTTPEngines.api(.curl, timeout: 60, maxConnectionsPerHost: 1)
    for (index, headers) in [["X-Only-Once": "yes"], [:], ["X-Only-Once": "again"], [:]].enumerated() {
      let response = try await engine.perform(HTTPRequest(url: server.url("/\(index)"), headers: headers))
      #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
    }
    #expect(seen.current == ["yes", "-", "again", "-"])
  }
}
