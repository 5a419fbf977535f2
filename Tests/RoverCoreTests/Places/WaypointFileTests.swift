import Foundation
import Testing

@testable import RoverCore

/// Hostile waypoint files: bad features are left out and counted, never turned into positions.
@Suite struct WaypointFileTests {
  private func feature(_ properties: String, geometry: String = "null") -> String {
    #"{"type":"Feature","properties":{\#(properties)},"geometry":\#(geometry)}"#
  }

  private func read(_ features: [String]) throws -> WaypointFile {
    let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
    return try PlacesFixtures.waypoints(Data(text.utf8))
  }

  @Test func badNumbersAreLeftOutAndCounted() throws {
    let good = #""site":1,"drive":0,"lon":77.4,"lat":18.4,"elev_geoid":-2500"#
    let file = try read([
      feature(good),
      feature(#""site":1,"drive":2,"lon":"NaN","lat":18.4"#),
      feature(#""site":1,"drive":3,"lon":1e308,"lat":18.4"#),
      feature(#""site":1,"drive":4,"lon":"77.4","lat":18.4"#),
      feature(#""site":"x","drive":5,"lon":77.4,"lat":18.4"#),
      feature(#""drive":6,"lon":77.4,"lat":18.4"#),
      feature(#""site":1,"drive":7"#),
      #"[1,2]"#,
    ])
    #expect(file.localizations.count == 1)
    #expect(file.skipped[.badNumber] == 4)
    #expect(file.skipped[.noSiteOrDrive] == 1)
    #expect(file.skipped[.noPosition] == 1)
    #expect(file.skipped[.notAFeature] == 1)
    guard
      case .featuresLeftOut(_, let notAFeature, let noSiteOrDrive, let badNumber, let noPosition, let overLimit)? =
        file.skippedNotice(url: "waypoints.json")
    else {
      Issue.record("no notice of the features left out")
      return
    }
    #expect(notAFeature + noSiteOrDrive + badNumber + noPosition + overLimit == 7 && notAFeature == 1)
  }

  /// A feature whose properties lack lon/lat takes its Point geometry; one with neither has no position.
  @Test func geometryStandsInForProperties() throws {
    let file = try read([
      feature(#""site":2,"drive":0"#, geometry: #"{"type":"Point","coordinates":[77.1,18.2,-2400.5]}"#),
      feature(#""site":2,"drive":1"#),
    ])
    let only = try #require(file.localizations.first)
    #expect(only.longitude == 77.1 && only.latitude == 18.2 && only.elevation == -2400.5)
    #expect(file.skipped[.noPosition] == 1)
  }

  @Test func notAFeatureCollectionThrows() {
    #expect(throws: DecodingError.self) { try PlacesFixtures.waypoints(Data(#"{"type":"x"}"#.utf8)) }
    #expect(throws: DecodingError.self) { try PlacesFixtures.waypoints(Data("[]".utf8)) }
  }

  /// A million features: past the limit the rest are counted, not read, so memory stays bounded by the size cap.
  @Test func aMillionFeaturesAreBounded() throws {
    let text = #"{"features":["# + Array(repeating: "0", count: 1_000_000).joined(separator: ",") + "]}"
    let file = try PlacesFixtures.waypoints(Data(text.utf8))
    #expect(file.localizations.isEmpty)
    #expect(file.skipped[.notAFeature] == WaypointFile.maxFeatures)
    #expect(file.skipped[.overLimit] == 1_000_000 - WaypointFile.maxFeatures)
  }
}
