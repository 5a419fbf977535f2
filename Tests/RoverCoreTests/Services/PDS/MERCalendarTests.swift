import Testing

@testable import RoverCore

/// MER sols count from 1 on landing day (api-reference 7.1): the PDS's capture dates and `sol-date` agree.
@Suite struct MERCalendarTests {
  @Test(arguments: [
    ("spirit", 1, "2004-01-04"), ("opportunity", 1, "2004-01-25"), ("opportunity", 100, "2004-05-05"),
    ("opportunity", 101, "2004-05-06"), ("spirit", 5, "2004-01-08"), ("spirit", 2210, "2010-03-22"),
    ("opportunity", 5111, "2018-06-10"),
  ])
  func solOneIsLandingDay(rover: String, sol: Int, date: String) {
    #expect(MarsCalendar.earthDate(rover: rover, sol: sol)?.description == date)
  }

  @Test func datesRoundTripToSolsFromOne() throws {
    for rover in ["spirit", "opportunity"] {
      for sol in stride(from: 1, through: 5_200, by: 11) {
        let date = try #require(MarsCalendar.earthDate(rover: rover, sol: sol))
        #expect(MarsCalendar.sols(rover: rover, on: date) == [sol], "\(rover) sol \(sol)")
      }
      let landing = try #require(MarsCalendar.landingDate(rover: rover))
      #expect(MarsCalendar.sols(rover: rover, on: landing) == [1])
      #expect(MarsCalendar.sols(rover: rover, on: landing.adding(days: -1)).isEmpty)
      #expect(MarsCalendar.earthDate(rover: rover, sol: 0) == landing.adding(days: -1))
    }
  }

  @Test func curiosityAndPerseveranceStillCountFromZero() {
    #expect(MarsCalendar.landingSol(rover: "Curiosity") == 0 && MarsCalendar.landingSol(rover: "perseverance") == 0)
    #expect(MarsCalendar.earthDate(rover: "curiosity", sol: 0)?.description == "2012-08-06")
    #expect(MarsCalendar.earthDate(rover: "perseverance", sol: 0)?.description == "2021-02-18")
  }
}
