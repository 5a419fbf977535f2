import Foundation
import Testing

@testable import RoverCore

@Suite struct CalendarDateTests {
  @Test(arguments: ["2015-05-30", "2000-02-29", "2024-12-31", "1970-01-01"])
  func strictAcceptsRealDates(text: String) throws {
    let date = try #require(CalendarDate(strict: text))
    #expect(date.description == text)
  }

  @Test(arguments: [
    "2015-02-30", "2015-13-01", "2015-6-3", "15-06-03", "2015-06-03T00:00", "yesterday", "", "2100-02-29",
  ])
  func strictRejects(text: String) {
    #expect(CalendarDate(strict: text) == nil)
  }

  @Test func lenientAcceptsServiceForms() {
    #expect(CalendarDate(lenient: "2015-6-3")?.description == "2015-06-03")
    #expect(CalendarDate(lenient: "2021-06-01T14:14:37.984")?.description == "2021-06-01")
    #expect(CalendarDate(lenient: "") == nil)
  }

  @Test func epochDaysRoundTrip() throws {
    for days in stride(from: -800_000, through: 800_000, by: 997) {
      #expect(CalendarDate(daysSinceEpoch: days).daysSinceEpoch == days)
    }
    let landing = try #require(CalendarDate(strict: "2012-08-06"))
    #expect(landing.adding(days: 1027).description == "2015-05-30")
  }

  @Test func decodingIgnoresTimeZone() throws {
    let data = Data(#"["2015-05-30"]"#.utf8)
    let dates = try JSONDecoder().decode([CalendarDate].self, from: data)
    #expect(dates.first?.description == "2015-05-30")
  }
}
