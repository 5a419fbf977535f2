import Foundation
import Testing

@testable import RoverCore

/// A sol a service sends is checked against the Mars calendar before anything is sized by it.
@Suite struct SolBoundTests {
  /// 2026-11-26T12:00:00Z: a fixed day, so the bounds are exact.
  static let day = Date(timeIntervalSince1970: 1_795_694_400)

  @Test func runningMissionsAreBoundByTomorrowsSol() {
    // Curiosity's sol for 2026-11-27 by the services' formula, plus the margin of two.
    let expected = (MarsCalendar.sols(rover: "curiosity", on: CalendarDate(daysSinceEpoch: 20_784)).last ?? 0) + 2
    #expect(SolBound.limit(rover: "curiosity", now: Self.day) == expected)
    #expect((5_050...5_120).contains(expected), "\(expected)")
    // Perseverance (and Ingenuity, on its clock) count from 2021-02-18.
    #expect((2_030...2_080).contains(SolBound.limit(rover: "perseverance", now: Self.day)))
    #expect(SolBound.limit(rover: "ingenuity", now: Self.day) == SolBound.limit(rover: "perseverance", now: Self.day))
  }

  @Test func finishedMissionsAreBoundByTheirLastContact() {
    // Opportunity's last contact, 2018-06-10, is sol 5111 (api-reference 7.1).
    #expect(SolBound.limit(rover: "opportunity", now: Self.day) == 5_113)
    #expect(SolBound.limit(rover: "Opportunity", now: Self.day) == 5_113)
    #expect((2_200...2_215).contains(SolBound.limit(rover: "spirit", now: Self.day)))
    #expect((1_430...1_460).contains(SolBound.limit(rover: "insight", now: Self.day)))
  }

  @Test(arguments: [10_000_000_000, Int.max, 6_000, -1, Int.min])
  func implausibleSolsAreRefusedByName(sol: Int) {
    let limit = SolBound.limit(rover: "curiosity", now: Self.day)
    #expect(throws: ServiceError.implausibleSol(rover: "curiosity", sol: sol, limit: limit, service: "nasa-raw")) {
      try SolBound.check(sol, rover: "Curiosity", service: "nasa-raw", now: Self.day)
    }
    let message =
      ServiceError.implausibleSol(rover: "curiosity", sol: sol, limit: limit, service: "nasa-raw")
      .errorDescription ?? ""
    #expect(message.contains("nasa-raw") && message.contains(String(sol)), "\(message)")
  }

  @Test func realSolsPass() throws {
    try SolBound.check(0, rover: "curiosity", service: "nebulum", now: Self.day)
    try SolBound.check(5_080, rover: "curiosity", service: "nebulum", now: Self.day)
    try SolBound.check([1, 100, 5_111], rover: "opportunity", service: "pds", now: Self.day)
    try SolBound.check([Int](), rover: "opportunity", service: "pds", now: Self.day)
  }

  @Test func oneSolPastTheBoundInAListIsEnough() {
    #expect(throws: ServiceError.self) {
      try SolBound.check([1, 300_000, 100], rover: "opportunity", service: "pds", now: Self.day)
    }
  }
}
