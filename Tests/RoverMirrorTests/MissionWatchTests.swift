import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore
@testable import RoverMirror

/// What one poll of `watch` hands on: each new photo once, however many sols the service lists it under.
@Suite struct MissionWatchTests {
  /// A service that lists the same image (same id, same URL) under every sol from 10 to 12.
  struct RepeatingService: PhotoService {
    var serviceName: String { "stand-in" }
    func rovers() async throws -> [Rover] { [] }
    func rover(named name: String) async throws -> Rover { Rover(name: name) }
    func manifest(rover name: String) async throws -> PhotoManifest { throw ServiceError.unknownRover(name: name) }
    func solIndex(rover name: String, range: ClosedRange<Int>?) async throws -> SolIndex {
      SolIndex(latestSol: 12, entries: (10...12).map { .init(sol: $0, expected: 1) }, cameras: [])
    }
    func photos(_ query: PhotoQuery) async throws -> [Photo] {
      guard case .sol(let sol) = query.selection else { return [] }
      return [
        Photo(
          id: .text("NLB_700000000EDR_F0000010NCAM00001M1"), sol: sol, camera: Camera(name: "NAV_LEFT_B"),
          imageSource: "http://127.0.0.1:9/SAME.JPG", earthDate: CalendarDate(year: 2015, month: 5, day: 30)!,
          rover: Rover(name: "Curiosity"))
      ]
    }
    func photo(id: PhotoID) async throws -> Photo { throw ServiceError.photoNotFound(id: id.description) }
  }

  /// Printed once and acted on once: the state keeps one entry for the image, so the poll hands on one photo.
  @Test func anImageListedUnderSeveralSolsIsNewOnce() async throws {
    let state = try await WatchState(directory: try TestDirectory.make("rover-watch"), name: "watch-test.sqlite")
    let watch = MissionWatch(service: RepeatingService(), rover: "curiosity")
    let new = try await watch.poll(state)
    #expect(new.count == 1, "\(new.map(\.sol))")
    try state.markSeen(new)
    #expect(try await watch.poll(state).isEmpty)
  }
}
