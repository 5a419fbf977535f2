import Foundation
import Testing

@testable import RoverCore

/// `auto`'s chain in process, each service a stand-in that answers or fails as told: what is thrown, and which
/// events a user would see.
@Suite struct FallbackServiceTests {
  /// A service that names a rover or fails with `error` for every question.
  struct StandIn: PhotoService {
    var error: (any Error)?
    var serviceName: String { "stand-in" }
    func answer<Value>(_ value: Value) throws -> Value {
      if let error { throw error }
      return value
    }
    func rovers() async throws -> [Rover] { try answer([]) }
    func rover(named name: String) async throws -> Rover { try answer(Rover(name: name)) }
    func manifest(rover name: String) async throws -> PhotoManifest { throw ServiceError.unknownRover(name: name) }
    func photos(_ query: PhotoQuery) async throws -> [Photo] { try answer([]) }
    func photo(id: PhotoID) async throws -> Photo { throw ServiceError.photoNotFound(id: id.description) }
  }

  static let refused = HTTPError.connectionRefused(url: "http://127.0.0.1:9/api/v1/rovers/curiosity")
  static let offline = HTTPError.hostNotFound(url: "http://nonexistent.invalid/rss/api/")

  /// Runs `body` against nebulum and nasa-raw stand-ins, returning what it threw and every event.
  static func run(
    nebulum: (any Error)?, nasaRaw: (any Error)?, pds: (any Error)? = nil,
    _ body: @Sendable (FallbackService) async throws -> Void
  ) async -> (error: (any Error)?, events: [ClientEvent]) {
    let events = Locked<[ClientEvent]>([])
    let service = FallbackService(
      clients: [.nebulum: StandIn(error: nebulum), .nasaRaw: StandIn(error: nasaRaw), .pds: StandIn(error: pds)],
      keyed: [], events: { event in events.withLock { $0.append(event) } })
    do {
      try await body(service)
      return (nil, events.current)
    } catch {
      return (error, events.current)
    }
  }

  static func warnings(_ events: [ClientEvent]) -> [Notice] {
    events.compactMap { if case .warning(let notice) = $0 { notice } else { nil } }
  }

  /// A dead first service and a live second: the answer, and the one warning that names both.
  @Test func anUnansweredServiceBeforeAnAnswerIsWarnedOnce() async {
    let (error, events) = await Self.run(nebulum: Self.refused, nasaRaw: nil) {
      _ = try await $0.rover(named: "curiosity")
    }
    #expect(error == nil)
    let warnings = Self.warnings(events)
    #expect(warnings.count == 1, "\(warnings)")
    guard case .serviceFellBack(from: .nebulum, let cause, to: .nasaRaw)? = warnings.first else {
      Issue.record("not nebulum falling back to nasa-raw: \(warnings)")
      return
    }
    #expect(cause as? HTTPError == Self.refused)
  }

  /// No service answered: one error naming each service tried, no warning, and each failure as detail.
  @Test func noServiceAnsweringIsOneErrorAndNoWarning() async {
    let (error, events) = await Self.run(nebulum: Self.refused, nasaRaw: Self.offline) {
      _ = try await $0.rover(named: "curiosity")
    }
    #expect(
      error as? ServiceError
        == .noServiceAnswered(services: ["nebulum", "nasa-raw"], errors: [Self.refused, Self.offline]))
    #expect(Self.warnings(events).isEmpty)
    let details = events.compactMap { if case .serviceFailed(let service, _) = $0 { service } else { nil } }
    #expect(details == ["nebulum", "nasa-raw"])
  }

  /// `rovers` asks each rover of its own chain; none answering is one error for all, each service named once.
  @Test func noRoverAnsweringIsOneErrorForAll() async {
    let (error, events) = await Self.run(nebulum: Self.offline, nasaRaw: Self.offline, pds: Self.offline) {
      _ = try await $0.rovers()
    }
    guard case .noServiceAnswered(let services, _) = error as? ServiceError else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(services == ["nebulum", "nasa-raw", "pds"])
    #expect(Self.warnings(events).isEmpty)
  }

  /// A service that answered badly says more than a summary: its own error is thrown, the fall back warned.
  @Test func anAnswerThatFailsKeepsItsOwnError() async {
    let malformed = ServiceError.malformedJSON(url: "http://127.0.0.1:9/api/v1/rovers/curiosity", detail: "not JSON")
    let (error, events) = await Self.run(nebulum: malformed, nasaRaw: Self.refused) {
      _ = try await $0.rover(named: "curiosity")
    }
    #expect(error as? ServiceError == malformed)
    #expect(Self.warnings(events).count == 1)
  }
}
