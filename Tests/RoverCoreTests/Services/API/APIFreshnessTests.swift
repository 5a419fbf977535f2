import Foundation
import Testing

@testable import RoverCore

@Suite struct APIFreshnessTests {
  func rover(_ status: RoverStatus) -> Rover { Rover(name: "Spirit", status: status, maxSol: 2208) }

  @Test func missionsThatEndedStayFreshLonger() {
    #expect(APIFreshness.rover(rover(.complete)) == APIFreshness.long)
    #expect(APIFreshness.rover(rover(.active)) == APIFreshness.short)
    #expect(APIFreshness.rovers([rover(.complete), rover(.complete)]) == APIFreshness.long)
    #expect(APIFreshness.rovers([rover(.complete), rover(.active)]) == APIFreshness.short)
    #expect(APIFreshness.rovers([]) == APIFreshness.short)
  }

  @Test func settledSolsAreLongRecentOnesShort() {
    #expect(APIFreshness.photos(.sol(1000), knownMaxSol: 4710) == APIFreshness.long)
    #expect(APIFreshness.photos(.sol(4700), knownMaxSol: 4710) == APIFreshness.short)
    #expect(APIFreshness.photos(.sol(1000), knownMaxSol: nil) == APIFreshness.short)
    #expect(APIFreshness.photos(.latest, knownMaxSol: 1) == APIFreshness.short)
  }

  @Test func earthDatesAgeByTheCalendar() {
    let today = CalendarDate(year: 2026, month: 11, day: 21)!
    #expect(
      APIFreshness.photos(.earthDate(today.adding(days: -90)), knownMaxSol: nil, today: today) == APIFreshness.long)
    #expect(
      APIFreshness.photos(.earthDate(today.adding(days: -2)), knownMaxSol: nil, today: today) == APIFreshness.short)
  }

  @Test func cacheControlWins() {
    #expect(CacheControl.lifetime(["cache-control": "public, max-age=120"]) == 120)
    #expect(CacheControl.lifetime(["cache-control": "no-cache"]) == 0)
    #expect(CacheControl.lifetime(["cache-control": "no-store"]) == .some(nil))
    #expect(CacheControl.lifetime([:]) == nil)
  }

  @Test func durationsAndSizesAsTyped() {
    #expect(DurationText.parse("7d") == 604_800)
    #expect(DurationText.parse("90s") == 90)
    #expect(DurationText.parse("1.5h") == 5_400)
    #expect(DurationText.parse("soon") == nil)
    #expect(DurationText.parse("-1d") == nil)
    #expect(ByteCountText.parse("200MB") == 200_000_000)
    #expect(ByteCountText.parse("3k") == 3_000)
    #expect(ByteCountText.parse("12") == 12)
    #expect(ByteCountText.parse("lots") == nil)
  }
}
