import Testing

@testable import RoverCore

@Suite struct MarsCalendarTests {
  /// The published pairs from api-reference.md 1.6; Opportunity's is a day earlier than the original API's, whose
  /// formula counted MER sols from 0 (see `MarsCalendar`).
  @Test(arguments: [
    ("curiosity", 1000, "2015-05-30"), ("curiosity", 1500, "2016-10-25"), ("curiosity", 4102, "2024-02-19"),
    ("opportunity", 5111, "2018-06-10"), ("perseverance", 868, "2023-07-29"), ("curiosity", 1, "2012-08-07"),
    ("curiosity", 30, "2012-09-05"), ("curiosity", 100, "2012-11-16"), ("curiosity", 829, "2014-12-05"),
  ])
  func solToEarthDate(rover: String, sol: Int, date: String) {
    #expect(MarsCalendar.earthDate(rover: rover, sol: sol)?.description == date)
  }

  @Test func earthDateToSolsRoundTrips() {
    for sol in stride(from: 0, through: 4_800, by: 7) {
      let date = MarsCalendar.earthDate(rover: "curiosity", sol: sol)!
      #expect(MarsCalendar.sols(rover: "curiosity", on: date) == [sol])
    }
  }

  @Test func skippedDateMapsToTheSpanningSol() {
    // Sols are longer than days, so now and then a date has no sol of its own.
    var skipped: CalendarDate?
    for sol in 0..<200 {
      let here = MarsCalendar.earthDate(rover: "curiosity", sol: sol)!
      let next = MarsCalendar.earthDate(rover: "curiosity", sol: sol + 1)!
      if next.daysSinceEpoch - here.daysSinceEpoch == 2 {
        skipped = here.adding(days: 1)
        #expect(MarsCalendar.sols(rover: "curiosity", on: here.adding(days: 1)) == [sol])
        break
      }
    }
    #expect(skipped != nil)
  }

  @Test func beforeLandingAndUnknownRovers() {
    #expect(MarsCalendar.sols(rover: "curiosity", on: CalendarDate(year: 2012, month: 8, day: 5)!) == [])
    #expect(MarsCalendar.earthDate(rover: "zhurong", sol: 1) == nil)
    #expect(MarsCalendar.landingDate(rover: "Perseverance")?.description == "2021-02-18")
  }
}

@Suite struct CaptureSolTests {
  /// The reference's checked examples (api-reference 7.5): 2021-06-01 gives sols 100 and 101; 2025-04-23 only 1484.
  @Test func captureDaysOverlapOneOrTwoSols() throws {
    let june = try #require(CalendarDate(strict: "2021-06-01"))
    #expect(MarsCalendar.captureSols(rover: "perseverance", on: june) == [100, 101])
    let april = try #require(CalendarDate(strict: "2025-04-23"))
    #expect(MarsCalendar.captureSols(rover: "perseverance", on: april) == [1484])
    let beforeLanding = try #require(CalendarDate(strict: "2020-01-01"))
    #expect(MarsCalendar.captureSols(rover: "perseverance", on: beforeLanding).isEmpty)
  }
}
