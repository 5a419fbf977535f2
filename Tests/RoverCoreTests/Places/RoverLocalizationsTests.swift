import Foundation
import Testing

@testable import RoverCore

@Suite struct RoverLocalizationsTests {
  @Test func bothSchemasRead() throws {
    let current = try PlacesFixtures.waypoints(PlacesFixtures.data(PlacesFixtures.current))
    let older = try PlacesFixtures.waypoints(PlacesFixtures.data(PlacesFixtures.older))
    #expect(current.localizations.count == 380)
    #expect(older.localizations.count == 187)
    #expect(current.skipped.isEmpty && older.skipped.isEmpty)
    // The older schema's `dist_total` and the current one's `dist_total_m` are the same quantity.
    let olderLast = try #require(older.localizations.last)
    let same = try #require(
      current.localizations.first { $0.site == olderLast.site && $0.drive == olderLast.drive })
    #expect(olderLast.totalDistance == same.totalDistance)
    #expect(current.localizations.contains { !$0.isFinal })
  }

  /// Every feature's lon/lat again from its easting/northing: the projection is the file's own.
  @Test(arguments: [PlacesFixtures.current, PlacesFixtures.older])
  func projectionReproducesTheFile(_ name: String) throws {
    let file = try PlacesFixtures.waypoints(PlacesFixtures.data(name))
    var checked = 0
    for fix in file.localizations {
      guard let easting = fix.easting, let northing = fix.northing else { continue }
      #expect(abs(PlacesFixtures.perseverance.longitude(easting: easting) - fix.longitude) < 1e-7)
      #expect(abs(PlacesFixtures.perseverance.latitude(northing: northing) - fix.latitude) < 1e-7)
      checked += 1
    }
    #expect(checked == file.localizations.count)
  }

  @Test func localizedPhotoGetsNASAsFixExactly() throws {
    let places = try PlacesFixtures.localizations(PlacesFixtures.current)
    let fix = try #require(places.localization(site: 51, drive: 2578))
    #expect(fix.sol == 1109)
    for name in PlacesFixtures.records {
      let photo = try PlacesFixtures.photo(name)
      #expect(photo.metadata.site == 51 && photo.metadata.drive == 2578)
      let position = try #require(places.position(of: photo))
      #expect(position.method == .localized)
      #expect(position.longitude == 77.32354257 && position.latitude == 18.49098915)
      #expect(position.elevation == -2369.412354)  // the file's value; SOURCES.md rounds it
    }
  }

  /// The same photo with its drive unknown to the file: site 51's origin plus its xyz, within a metre of the fix.
  @Test func siteXYZLandsNearTheFix() throws {
    let places = try PlacesFixtures.localizations(PlacesFixtures.current)
    let photo = try PlacesFixtures.photo(PlacesFixtures.records[0])
    let position = try #require(places.position(site: 51, drive: 99_999, xyz: photo.metadata.xyz))
    #expect(position.method == .siteXYZ)
    #expect(abs(position.longitude - 77.3235455) < 1e-7)
    #expect(abs(position.latitude - 18.4909972) < 1e-7)
    #expect(abs(try #require(position.elevation) - -2368.75) < 0.01)
    let fix = try #require(places.localization(site: 51, drive: 2578))
    let metres = MarsMapProjection.distance(
      longitude: position.longitude, latitude: position.latitude, toLongitude: fix.longitude, latitude: fix.latitude)
    #expect(metres < 10)
    #expect(metres > 0.3)
  }

  /// No origin, no xyz, or an xyz that is not three plausible numbers: no position, never a guess.
  @Test func noOriginOrNoXYZIsNil() throws {
    let places = try PlacesFixtures.localizations(PlacesFixtures.current)
    #expect(places.position(site: 51, drive: 99_999, xyz: nil) == nil)
    #expect(places.position(site: 51, drive: 99_999, xyz: [1, 2]) == nil)
    #expect(places.position(site: 51, drive: 99_999, xyz: [.nan, 0, 0]) == nil)
    #expect(places.position(site: 51, drive: 99_999, xyz: [1e308, 0, 0]) == nil)
    #expect(places.position(site: 9_999, drive: 5, xyz: [1, 2, 3]) == nil)
  }

  @Test func finalFixWinsOverMidDrive() {
    let mid = Localization(sol: 5, site: 3, drive: 10, longitude: 1, latitude: 1, elevation: 0, isFinal: false)
    let final = Localization(sol: 5, site: 3, drive: 10, longitude: 2, latitude: 2, elevation: 0, isFinal: true)
    for order in [[mid, final], [final, mid]] {
      let places = RoverLocalizations(order, projection: PlacesFixtures.perseverance)
      #expect(places.count == 1)
      #expect(places.position(site: 3, drive: 10, xyz: nil)?.longitude == 2)
    }
  }
}
