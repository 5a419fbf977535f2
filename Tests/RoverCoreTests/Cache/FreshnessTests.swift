import Foundation
import Testing

@testable import RoverCore

@Suite struct FreshnessTests {
  func rover(_ status: RoverStatus) -> Rover { Rover(name: "Spirit", status: status, maxSol: 2208) }

  @Test func missionsThatEndedStayFreshLonger() {
    let complete = RoverEnvelope(rover: rover(.complete))
    let active = RoverEnvelope(rover: rover(.active))
    #expect(
      Freshness.lifetime(endpoint: .rover("spirit"), value: complete, headers: [:], knownMaxSol: { _ in nil })
        == Freshness.long)
    #expect(
      Freshness.lifetime(endpoint: .rover("x"), value: active, headers: [:], knownMaxSol: { _ in nil })
        == Freshness.short)
    let manifest = ManifestEnvelope(manifest: PhotoManifest(rover: rover(.complete), sols: []))
    #expect(
      Freshness.lifetime(endpoint: .manifest("spirit"), value: manifest, headers: [:], knownMaxSol: { _ in nil })
        == Freshness.long)
  }

  @Test func settledSolsAreLongRecentOnesShort() {
    let old = Endpoint.photos(rover: "curiosity", selection: .sol(1000), camera: nil, page: 1, perPage: 100)
    let recent = Endpoint.photos(rover: "curiosity", selection: .sol(4700), camera: nil, page: 1, perPage: 100)
    #expect(Freshness.lifetime(endpoint: old, value: (), headers: [:], knownMaxSol: { _ in 4710 }) == Freshness.long)
    #expect(
      Freshness.lifetime(endpoint: recent, value: (), headers: [:], knownMaxSol: { _ in 4710 }) == Freshness.short)
    #expect(Freshness.lifetime(endpoint: old, value: (), headers: [:], knownMaxSol: { _ in nil }) == Freshness.short)
    let latest = Endpoint.photos(rover: "curiosity", selection: .latest, camera: nil, page: 1, perPage: 100)
    #expect(Freshness.lifetime(endpoint: latest, value: (), headers: [:], knownMaxSol: { _ in 1 }) == Freshness.short)
  }

  @Test func earthDatesAgeByTheCalendar() {
    let today = CalendarDate(year: 2026, month: 11, day: 21)!
    let old = Endpoint.photos(
      rover: "c", selection: .earthDate(today.adding(days: -90)), camera: nil, page: nil, perPage: nil)
    let new = Endpoint.photos(
      rover: "c", selection: .earthDate(today.adding(days: -2)), camera: nil, page: nil, perPage: nil)
    #expect(
      Freshness.lifetime(endpoint: old, value: (), headers: [:], knownMaxSol: { _ in nil }, today: today)
        == Freshness.long)
    #expect(
      Freshness.lifetime(endpoint: new, value: (), headers: [:], knownMaxSol: { _ in nil }, today: today)
        == Freshness.short)
  }

  @Test func cacheControlWins() {
    let endpoint = Endpoint.photo(.number(1))
    #expect(
      Freshness.lifetime(
        endpoint: endpoint, value: (), headers: ["cache-control": "public, max-age=120"], knownMaxSol: { _ in nil })
        == 120)
    #expect(
      Freshness.lifetime(
        endpoint: endpoint, value: (), headers: ["cache-control": "no-cache"], knownMaxSol: { _ in nil }) == 0)
    #expect(
      Freshness.lifetime(
        endpoint: endpoint, value: (), headers: ["cache-control": "no-store"], knownMaxSol: { _ in nil }) == nil)
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
