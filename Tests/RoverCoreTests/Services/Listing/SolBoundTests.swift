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

  @Test func finishedMissionsAreBoundThirtySolsPastTheirLastContact() {
    // Opportunity's last contact, 2018-06-10, is sol 5111 (api-reference 7.1).
    #expect(SolBound.limit(rover: "opportunity", now: Self.day) == 5_111 + 30)
    #expect(SolBound.limit(rover: "Opportunity", now: Self.day) == 5_141)
    // Spirit's last contact, 2010-03-22, was its sol 2210 (the Photos API's last photo sol is 2208).
    #expect(SolBound.limit(rover: "spirit", now: Self.day) == 2_240)
    // NASA counts InSight's service at 1 445 sols; a feed reporting 1 446 is a real answer, not an absurd one.
    let insight = SolBound.limit(rover: "insight", now: Self.day)
    #expect(insight == 1_445 + 30, "\(insight)")
    #expect(throws: Never.self) { try SolBound.check(1_446, rover: "insight", service: "nasa-raw", now: Self.day) }
    // Still tight enough for what the bound is for.
    #expect(insight < 1_600)
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

  /// Real records of each mission: the sol a service gave a photo, and the UTC day it was taken (the feed's
  /// `date_taken`, the PDS's `START_TIME`, or for a MER Photos-API row its name's clock, seconds after
  /// 2000-01-01T11:58:55.816Z). Sources: `Fixtures/frames/README.md` and `Fixtures/README.md`.
  static let realRecords: [(rover: String, sol: Int, date: String)] = [
    ("spirit", 1, "2004-01-04"),  // row 287319, 2F126468064…
    ("spirit", 286, "2004-10-22"),  // row 284674, 2F151760895…
    ("spirit", 1000, "2006-10-26"),  // a sol-1000 row, 2N215136972…
    ("spirit", 2208, "2010-03-21"),  // the last sol's row, 2P322473707…
    ("opportunity", 1, "2004-01-25"),  // a sol-1 row, 1F128285236…
    ("opportunity", 100, "2004-05-05"),  // PDS, pds-search-opportunity-sol100.json
    ("opportunity", 4037, "2015-06-03"),  // row 106898, 1P486570059…
    ("curiosity", 1, "2012-08-07"),  // raw-image item 14267
    ("insight", 190, "2019-06-10"),  // raw-insight-items.json
  ]

  static func day(_ text: String) throws -> CalendarDate {
    try #require(CalendarDate(lenient: text))
  }

  @Test func theCalendarAgreesWithRealRecordsOfEveryMission() throws {
    var records = Self.realRecords
    // The 22 Perseverance feed records: sol and date_taken_utc.
    let data = try FixtureLoader.data("frames/m2020-records")
    let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    for object in objects {
      let sol = try #require(object["sol"] as? Int)
      let taken = try #require(object["date_taken_utc"] as? String)
      records.append(("perseverance", sol, String(taken.prefix(10))))
    }
    #expect(records.count == 31)
    for record in records {
      let date = try Self.day(record.date)
      let sols =
        MarsCalendar.sols(rover: record.rover, on: date) + MarsCalendar.captureSols(rover: record.rover, on: date)
      #expect(sols.contains { abs($0 - record.sol) <= 1 }, "\(record): \(sols)")
      // A real record on its own day is never past the bound.
      let noon = Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400 + 43_200)
      #expect(SolBound.limit(rover: record.rover, now: noon) >= record.sol, "\(record)")
    }
  }
}
