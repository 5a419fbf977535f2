import Foundation
import Testing

@testable import RoverCore

/// The words of a service's failures, and which of them a stale cached answer may stand in for.
@Suite struct ServiceErrorTests {
  static let url = "http://nonexistent.invalid/api/v1/rovers/curiosity"

  /// A refused connection is no longer retried, and offline no name resolves: a stale answer still beats failing.
  @Test func unreachableServicesAreDownSoStaleAnswersServe() {
    #expect(ServiceError.isServiceDown(HTTPError.connectionRefused(url: Self.url)))
    #expect(ServiceError.isServiceDown(HTTPError.hostNotFound(url: Self.url)))
    #expect(!ServiceError.isServiceDown(HTTPError.tooManyRedirects(url: Self.url)))
    #expect(!ServiceError.isServiceDown(ServiceError.unknownRover(name: "voyager")))
  }
}
