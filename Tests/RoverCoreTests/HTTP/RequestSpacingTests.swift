import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// `--sleep`: the services see our requests at least that far apart, however many tasks ask at once.
@Suite struct RequestSpacingTests {
  @Test func concurrentRequestsReachTheServerSpacedApart() async throws {
    let server = try TestHTTPServer { _ in .json("{}") }
    defer { server.stop() }
    let client = HTTPClient(
      engine: HTTPEngines.api(.testing, timeout: 30), spacing: RequestSpacing(seconds: 0.3))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<4 {
        group.addTask { _ = try await client.send(HTTPRequest(url: server.url("/\(index)"))) { _ in .accept } }
      }
      try await group.waitForAll()
    }
    let arrivals = server.requests.map(\.received).sorted()
    #expect(arrivals.count == 4)
    let gaps = zip(arrivals.dropFirst(), arrivals).map { $0.timeIntervalSince($1) }
    // One at a time, each 0.3 s after the previous answer: the arrivals are at least that far apart.
    #expect(gaps.allSatisfy { $0 >= 0.3 }, "\(gaps)")
    #expect(server.maxConcurrentRequests == 1)
  }

  @Test(arguments: [-1, .nan, .infinity, -.infinity, 1e308])
  func hostileSpacingIsClampedNotTrapped(seconds: Double) {
    let spacing = RequestSpacing(seconds: seconds)
    #expect(spacing.seconds >= 0 && spacing.seconds <= RequestSpacing.maxSeconds)
  }
}
