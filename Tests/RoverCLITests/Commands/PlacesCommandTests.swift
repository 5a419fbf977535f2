import Foundation
import RoverTestSupport
import Testing

@Suite struct PlacesCommandTests {
  @Test func listsLocalizationsOfASolRange() async throws {
    let places = try PlacesServer()
    defer { places.stop() }
    let result = try await CLI.run(["places", "perseverance", "--sol", "1109", "--json"] + places.options())
    #expect(result.exitCode == 0, "\(result)")
    let rows = try CLI.jsonArray(result.stdout)
    let row = try #require(rows.first { $0["drive"] as? Int == 2578 })
    #expect(row["site"] as? Int == 51 && row["sol"] as? Int == 1109)
    #expect(row["lon"] as? Double == 77.32354257 && row["lat"] as? Double == 18.49098915)
    #expect(row["fix"] as? String == "final")
    #expect(rows.allSatisfy { $0["sol"] as? Int == 1109 })
  }

  /// RFC 7946: a FeatureCollection of Points `[lon, lat, elevation]` and one LineString in (site, drive) order.
  @Test func geoJSONIsAFeatureCollectionWithTheTraverse() async throws {
    let places = try PlacesServer()
    defer { places.stop() }
    let result = try await CLI.run(["places", "perseverance", "--format", "geojson"] + places.options())
    #expect(result.exitCode == 0, "\(result)")
    let features = try GeoJSONCheck.features(result.stdout)
    let points = features.filter { ($0["geometry"] as? [String: Any])?["type"] as? String == "Point" }
    let lines = features.filter { ($0["geometry"] as? [String: Any])?["type"] as? String == "LineString" }
    #expect(points.count == 380 && lines.count == 1)
    let path = try #require((lines.first?["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
    #expect(path.count == 380)
    #expect(path.first?[0] == 77.45088572)  // site 3 drive 0, the landing site's first localization
  }

  @Test func offlineAfterOneFetchAndConfigShowsTheURL() async throws {
    let places = try PlacesServer()
    defer { places.stop() }
    let cache = try TestDirectory.make()
    let environment = ["ROVER_CACHE_DIR": cache.path]
    let first = try await CLI.run(
      ["places", "perseverance", "--format", "csv"] + places.options(), environment: environment)
    #expect(first.exitCode == 0, "\(first)")
    places.stop()
    let second = try await CLI.run(
      ["places", "perseverance", "--format", "csv", "--offline"] + places.options(), environment: environment)
    #expect(second.exitCode == 0, "\(second)")
    #expect(second.stdout == first.stdout)
    #expect(first.stdout.hasPrefix("sol,site,drive,lon,lat,elevation,dist_total_m,fix,note\n"))
    let config = try await CLI.run(["config", "--json"], environment: ["ROVER_PLACES_URL": "http://127.0.0.1:9/"])
    let object = try #require(try CLI.json(config.stdout) as? [String: Any])
    let entry = try #require(object["places_url"] as? [String: Any])
    #expect(entry["value"] as? String == "http://127.0.0.1:9/")
    #expect(entry["source"] as? String == "environment ROVER_PLACES_URL")
  }

  /// A file past the size cap is refused in one line naming its URL; the run does not hold it.
  @Test func oversizedFileIsRefused() async throws {
    let places = try PlacesServer(waypoints: Data(repeating: UInt8(ascii: " "), count: 17 * 1024 * 1024))
    defer { places.stop() }
    let result = try await CLI.run(["places", "perseverance"] + places.options())
    #expect(result.exitCode == 65, "\(result)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.contains(PlacesServer.waypointsPath) == true, "\(result.stderr)")
  }

  @Test func badFeaturesAreCountedInOneWarning() async throws {
    let text =
      #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"site":1,"drive":0,"lon":77.4,"lat":18.4},"geometry":null},{"type":"Feature","properties":{"site":1,"drive":1,"lon":"NaN","lat":18.4},"geometry":null},{"type":"Feature","properties":{"site":1,"drive":2,"lon":1e308,"lat":1}}]}"#
    let places = try PlacesServer(waypoints: Data(text.utf8))
    defer { places.stop() }
    let result = try await CLI.run(["places", "perseverance", "--json"] + places.options())
    #expect(result.exitCode == 0, "\(result)")
    #expect(try CLI.jsonArray(result.stdout).count == 1)
    let warnings = result.stderr.split(separator: "\n").filter { $0.contains("left out") }
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("2 features left out") == true, "\(result.stderr)")
  }

  @Test func roverWithoutAMapIsNamed() async throws {
    let result = try await CLI.run(["places", "spirit", "--places-url", "http://127.0.0.1:9/"])
    #expect(result.exitCode == 66)
    #expect(result.stderr.contains("spirit"))
  }
}

/// RFC 7946's rules, checked on the parsed output: one FeatureCollection whose features each have a geometry
/// (null allowed) of a known type with coordinates [lon, lat(, elevation)] in range, and an object `properties`.
enum GeoJSONCheck {
  static func features(_ text: String) throws -> [[String: Any]] {
    let root = try #require(try CLI.json(text) as? [String: Any])
    #expect(root["type"] as? String == "FeatureCollection")
    let features = try #require(root["features"] as? [[String: Any]])
    for feature in features {
      #expect(feature["type"] as? String == "Feature")
      #expect(feature["properties"] is [String: Any])
      let geometry = try #require(feature["geometry"])
      if geometry is NSNull { continue }
      let object = try #require(geometry as? [String: Any])
      switch object["type"] as? String {
      case "Point": check(try #require(object["coordinates"] as? [Double]))
      case "LineString":
        let line = try #require(object["coordinates"] as? [[Double]])
        #expect(line.count >= 2)
        line.forEach(check)
      default: Issue.record("unexpected geometry \(object)")
      }
    }
    return features
  }

  static func check(_ position: [Double]) {
    #expect((2...3).contains(position.count))
    #expect(position.count >= 2 && abs(position[0]) <= 180 && abs(position[1]) <= 90)
  }
}
