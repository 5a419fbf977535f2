import Foundation
import RoverTestSupport
import Testing

/// `--positions`, `--format geojson` and `--near` on `photos`, against the real sol-1110 Navcam records and the
/// real waypoint capture of `PlacesServer`.
@Suite struct PhotoPositionsTests {
  private func byID(_ photos: [[String: Any]]) -> [String: [String: Any]] {
    Dictionary(photos.map { ($0["id"] as? String ?? "", $0) }) { first, _ in first }
  }

  @Test func positionsJoinOnSiteAndDrive() async throws {
    let places = try PlacesServer()
    defer { places.stop() }
    let result = try await CLI.run(
      ["photos", "perseverance", "--sol", "1110", "--positions", "--json"] + places.options())
    #expect(result.exitCode == 0, "\(result)")
    let photos = byID(try CLI.jsonArray(result.stdout))
    #expect(photos.count == 6)
    for name in PlacesServer.recordNames {
      let photo = try #require(photos[name])
      #expect(photo["lon"] as? Double == 77.32354257 && photo["lat"] as? Double == 18.49098915)
      #expect(photo["elevation"] as? Double == -2369.412354)
      #expect(photo["position_method"] as? String == "localized")
    }
    let moved = try #require(photos[PlacesServer.moved])
    #expect(moved["position_method"] as? String == "site+xyz")
    #expect(abs((moved["lon"] as? Double ?? 0) - 77.3235455) < 1e-7)
    #expect(abs((moved["lat"] as? Double ?? 0) - 18.4909972) < 1e-7)
    let unplaced = try #require(photos[PlacesServer.noSite])
    for key in ["lon", "lat", "elevation", "position_method"] { #expect(unplaced[key] is NSNull) }
    #expect(places.placesRequests() == 1)
  }

  /// Without --positions: no places request, and not one of the position keys.
  @Test func withoutPositionsNothingChanges() async throws {
    let places = try PlacesServer()
    defer { places.stop() }
    let result = try await CLI.run(["photos", "perseverance", "--sol", "1110", "--format", "jsonl"] + places.options())
    #expect(result.exitCode == 0, "\(result)")
    for photo in try CLI.jsonLines(result.stdout) { #expect(photo["lon"] == nil && photo["position_method"] == nil) }
    let csv = try await CLI.run(["photos", "perseverance", "--sol", "1110", "--format", "csv"] + places.options())
    #expect(!csv.stdout.contains("position_method"))
    #expect(places.placesRequests() == 0)
  }

  @Test func csvGainsPositionColumns() async throws {
    let places = try PlacesServer()
    defer { places.stop() }
    let result = try await CLI.run(
      ["photos", "perseverance", "--sol", "1110", "--positions", "--format", "csv"] + places.options())
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first?.hasSuffix(",lon,lat,elevation,position_method") == true)
    #expect(lines.contains { $0.hasSuffix(",77.32354257,18.49098915,-2369.412354,localized") })
    #expect(lines.contains { $0.hasSuffix(",,,,") })
  }

  /// RFC 7946: Points `[lon, lat, elevation]` with the photo's JSON as properties; null geometry when unknown.
  @Test func geoJSONOfPhotos() async throws {
    let places = try PlacesServer()
    defer { places.stop() }
    let result = try await CLI.run(
      ["photos", "perseverance", "--sol", "1110", "--format", "geojson"] + places.options())
    #expect(result.exitCode == 0, "\(result)")
    let features = try GeoJSONCheck.features(result.stdout)
    #expect(features.count == 6)
    let nulls = features.filter { $0["geometry"] is NSNull }
    #expect(nulls.count == 1)
    let first = try #require(
      features.first { ($0["properties"] as? [String: Any])?["id"] as? String == PlacesServer.recordNames[0] })
    let geometry = try #require(first["geometry"] as? [String: Any])
    #expect(geometry["coordinates"] as? [Double] == [77.32354257, 18.49098915, -2369.412354])
  }

  @Test func onePhotoWithItsPosition() async throws {
    let places = try PlacesServer()
    defer { places.stop() }
    let result = try await CLI.run(
      ["photo", PlacesServer.recordNames[1], "--positions", "--json"] + places.options())
    #expect(result.exitCode == 0, "\(result)")
    let photo = try #require(try CLI.json(result.stdout) as? [String: Any])
    #expect(photo["position_method"] as? String == "localized" && photo["lat"] as? Double == 18.49098915)
    let plain = try await CLI.run(["photo", PlacesServer.recordNames[1], "--json"] + places.options())
    #expect(!plain.stdout.contains("position_method"))
    #expect(places.placesRequests() == 1)
  }

  /// Spirit has no NASA map: no places request, null positions, said once for the whole run.
  @Test func roverWithoutAMapIsSaidOnce() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(
      ["photos", "spirit", "--sol", "1..2", "--positions", "--format", "jsonl", "--places-url", "http://127.0.0.1:9/"],
      against: api)
    #expect(result.exitCode == 0, "\(result)")
    let photos = try CLI.jsonLines(result.stdout)
    #expect(photos.count == 9)
    #expect(photos.allSatisfy { $0["lon"] is NSNull && $0["position_method"] is NSNull })
    #expect(result.stderr.split(separator: "\n").filter { $0.contains("no positions for spirit") }.count == 1)
  }

  /// A run that fails part-way (here: the waypoint file answers 500 every time) still leaves one valid
  /// FeatureCollection on stdout, and says it failed with its exit code.
  @Test func geoJSONStaysValidWhenTheRunFails() async throws {
    let places = try PlacesServer(waypointStatus: 500)
    defer { places.stop() }
    let result = try await CLI.run(
      ["photos", "perseverance", "--sol", "1110", "--format", "geojson"] + places.options())
    #expect(result.exitCode == 69, "\(result)")
    #expect(try GeoJSONCheck.features(result.stdout).isEmpty)
    #expect(result.stderr.contains(PlacesServer.waypointsPath), "\(result.stderr)")
  }

  /// --near keeps the photos within the distance (great circle on the Mars sphere) and counts the unplaced once.
  @Test func nearKeepsPhotosWithinTheDistance() async throws {
    let places = try PlacesServer()
    defer { places.stop() }
    // 0.5 m east of the fix: the six photos sit 0 (the fix) and ~0.5 m (site+xyz) away, one has no position.
    let near = try await CLI.run(
      [
        "photos", "perseverance", "--sol", "1110", "--near", "77.32354257,18.49098915", "--within", "0.3m",
        "--format", "jsonl",
      ] + places.options())
    #expect(near.exitCode == 0, "\(near)")
    #expect(try CLI.jsonLines(near.stdout).count == 4)
    let wider = try await CLI.run(
      [
        "photos", "perseverance", "--sol", "1110", "--near", "77.32354257,18.49098915", "--within", "0.01km",
        "--format", "jsonl",
      ] + places.options())
    #expect(try CLI.jsonLines(wider.stdout).count == 5)
    #expect(wider.stderr.split(separator: "\n").filter { $0.contains("without a known position") }.count == 1)
    let bad = try await CLI.run(["photos", "perseverance", "--sol", "1110", "--near", "77,x", "--within", "5m"])
    #expect(bad.exitCode == 64)
  }
}

/// Positions in downloads: sidecars carry them, `{lon}`/`{lat}` name files, `--near` picks what is fetched.
@Suite struct DownloadPositionsTests {
  @Test func nearFetchesOnlyPhotosThereWithPositionsInTheSidecars() async throws {
    let places = try PlacesServer()
    defer { places.stop() }
    let output = try TestDirectory.make()
    let result = try await CLI.run(
      [
        "fetch-image", "perseverance", "--sol", "1110", "--near", "77.3235455,18.4909972", "--within", "5m",
        "--metadata", "-o", output.path, "--name", "{lat}_{lon}/{id}.{ext}",
      ] + places.options())
    #expect(result.exitCode == 0, "\(result)")
    let folders = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { !$0.hasPrefix(".") }
    #expect(Set(folders).isSuperset(of: ["18.490989_77.323543", "18.490997_77.323545"]), "\(folders)")
    #expect(!folders.contains { $0.hasPrefix("unknown") })
    let sidecar = output.appendingPathComponent("18.490989_77.323543/\(PlacesServer.recordNames[0]).jpg.json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sidecar)) as? [String: Any])
    #expect(object["lon"] as? Double == 77.32354257)
    #expect(object["position_method"] as? String == "localized")
    #expect(result.stderr.contains("1 photo without a known position left out by --near"), "\(result.stderr)")
    #expect(places.placesRequests() == 1)
  }

  /// `sync --positions`: the sidecars of a mirror carry where each photo was taken, from one places request.
  @Test func syncWritesPositionsIntoTheSidecars() async throws {
    let places = try PlacesServer()
    defer { places.stop() }
    let output = try TestDirectory.make()
    defer { try? FileManager.default.removeItem(at: output) }
    let result = try await CLI.run(
      ["sync", "perseverance", "-o", output.path, "--sol", "1110", "--positions", "--metadata"] + places.options())
    #expect(result.exitCode == 0, "\(result)")
    let sidecars = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".json") }
    #expect(sidecars.count == 6, "\(sidecars)")
    let localized = try #require(sidecars.first { $0.contains(PlacesServer.recordNames[0]) })
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent(localized)))
        as? [String: Any])
    #expect(object["lon"] as? Double == 77.32354257 && object["lat"] as? Double == 18.49098915)
    #expect(object["position_method"] as? String == "localized")
    let unplaced = try #require(sidecars.first { $0.contains(PlacesServer.noSite) })
    let none = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent(unplaced)))
        as? [String: Any])
    #expect(none["lon"] is NSNull && none["position_method"] is NSNull)
    #expect(places.placesRequests() == 1)
  }

  /// `watch --once --positions`: each new photo's line carries its position; one places request for the poll.
  @Test func watchPrintsNewPhotosWithTheirPositions() async throws {
    let places = try PlacesServer()
    defer { places.stop() }
    let state = try TestDirectory.make()
    defer { try? FileManager.default.removeItem(at: state) }
    let result = try await CLI.run(
      ["watch", "perseverance", "--once", "--positions"] + places.options(),
      environment: ["XDG_STATE_HOME": state.path])
    #expect(result.exitCode == 0, "\(result)")
    let lines = try CLI.jsonLines(result.stdout)
    #expect(lines.count == 6, "\(result.stdout)")
    let moved = try #require(lines.first { $0["id"] as? String == PlacesServer.moved })
    #expect(moved["position_method"] as? String == "site+xyz")
    #expect(lines.filter { $0["position_method"] as? String == "localized" }.count == 4)
    #expect(places.placesRequests() == 1)
  }
}
