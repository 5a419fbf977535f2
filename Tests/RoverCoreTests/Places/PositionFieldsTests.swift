import Foundation
import Testing

@testable import RoverCore

/// A located photo's JSON: the position keys written the same by the fast writer and by JSONEncoder, read back,
/// and absent when no position was looked up.
@Suite struct PositionFieldsTests {
  @Test func locatedPhotosWriteAndReadTheirPosition() throws {
    let places = try PlacesFixtures.localizations(PlacesFixtures.current)
    var localized = try PlacesFixtures.photo(PlacesFixtures.records[0])
    localized.position = places.position(of: localized)
    localized.includesPosition = true
    var unknown = localized
    unknown.position = nil
    var moved = localized
    moved.position = places.position(site: 51, drive: 1, xyz: localized.metadata.xyz)
    for photo in [localized, unknown, moved] {
      let line = PhotoJSONLine.line(photo)
      #expect(line == (try PhotoJSONLineTests.encoded(photo)))
      #expect(line.contains(#""position_method":"#))
      let decoded = try JSONDecoder().decode(Photo.self, from: Data(line.utf8))
      #expect(decoded.position == photo.position)
      #expect(decoded.includesPosition)
    }
    #expect(PhotoJSONLine.line(unknown).contains(#""lat":null"#))
  }

  @Test func notLookedUpMeansNoKeys() throws {
    let photo = try PlacesFixtures.photo(PlacesFixtures.records[0])
    let line = PhotoJSONLine.line(photo)
    #expect(!line.contains("position_method") && !line.contains(#""lon":"#))
    #expect(try JSONDecoder().decode(Photo.self, from: Data(line.utf8)).includesPosition == false)
  }
}
