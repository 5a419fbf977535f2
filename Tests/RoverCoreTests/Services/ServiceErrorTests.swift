import Foundation
import Testing

@testable import RoverCore

/// The words of a service's failures, and which of them a stale cached answer may stand in for.
@Suite struct ServiceErrorTests {
  static let url = "http://nonexistent.invalid/api/v1/rovers/curiosity"

  /// Offline, every service fails the same way: one clause for all, and the network named only when no name
  /// resolved anywhere.
  @Test func noServiceAnsweredSaysEachReasonOnce() {
    let offline = ServiceError.noServiceAnswered(
      services: ["nebulum", "nasa-raw"], errors: [.hostNotFound(url: Self.url), .hostNotFound(url: Self.url)])
    #expect(
      offline.errorDescription
        == "no service answered (tried nebulum, nasa-raw): host not found; check your internet connection")
    let mixed = ServiceError.noServiceAnswered(
      services: ["pds", "nebulum"],
      errors: [.connectionRefused(url: Self.url), .timedOut(url: Self.url, seconds: 5), .hostNotFound(url: Self.url)])
    #expect(
      mixed.errorDescription
        == "no service answered (tried pds, nebulum): connection refused, no answer within 5s, host not found")
  }

  /// The summary names services, never a URL: so never a key that a URL might carry.
  @Test func noServiceAnsweredNamesNoURL() {
    let error = ServiceError.noServiceAnswered(
      services: ["nasa"], errors: [.connectionRefused(url: "http://127.0.0.1:9/rovers?api_key=REDACTED")])
    #expect(error.errorDescription?.contains("http") == false)
  }

  /// A refused connection is no longer retried, and offline no name resolves: a stale answer still beats failing.
  @Test func unreachableServicesAreDownSoStaleAnswersServe() {
    #expect(ServiceError.isServiceDown(HTTPError.connectionRefused(url: Self.url)))
    #expect(ServiceError.isServiceDown(HTTPError.hostNotFound(url: Self.url)))
    #expect(!ServiceError.isServiceDown(HTTPError.tooManyRedirects(url: Self.url)))
    #expect(!ServiceError.isServiceDown(ServiceError.unknownRover(name: "voyager")))
  }
}
