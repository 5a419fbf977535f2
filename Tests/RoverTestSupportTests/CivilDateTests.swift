import Testing

@testable import RoverTestSupport

@Suite("CivilDate")
struct CivilDateTests {
  @Test("strict parsing wants YYYY-MM-DD and a real day")
  func strict() {
    #expect(CivilDate(strict: "2015-06-03")?.description == "2015-06-03")
    #expect(CivilDate(strict: "2016-02-29") != nil)
    for bad in ["2015-6-3", "2015-13-01", "2015-02-29", "2015-06-03x", "yesterday", "", "2015/06/03", "+015-06-03"] {
      #expect(CivilDate(strict: bad) == nil, "\(bad)")
    }
  }

  @Test("lenient parsing accepts what Ruby's strptime accepts")
  func lenient() {
    #expect(CivilDate(lenient: "2015-6-3")?.description == "2015-06-03")
    #expect(CivilDate(lenient: "2015-06-03")?.description == "2015-06-03")
    for bad in ["2015-13-45", "yesterday", "2015-06-03 ", "2015-06-031", "2015--3"] {
      #expect(CivilDate(lenient: bad) == nil, "\(bad)")
    }
  }

  @Test("day arithmetic crosses months, leap days and the epoch")
  func arithmetic() throws {
    let date = try #require(CivilDate(strict: "2012-08-06"))
    #expect(date.adding(days: 1027).description == "2015-05-30")
    #expect(try #require(CivilDate(strict: "2016-02-28")).adding(days: 1).description == "2016-02-29")
    #expect(try #require(CivilDate(strict: "1970-01-01")).daysSinceEpoch == 0)
    #expect(try #require(CivilDate(strict: "1969-12-31")).daysSinceEpoch == -1)
    #expect(try #require(CivilDate(strict: "2000-03-01")).adding(days: -1).description == "2000-02-29")
  }
}
