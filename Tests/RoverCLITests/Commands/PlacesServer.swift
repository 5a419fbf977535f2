import Foundation
import RoverCore
import RoverTestSupport

/// A local server with NASA's real captures (Tests/RoverCoreTests/Fixtures/places, README there): the waypoint file
/// at `/mmgis-maps/M20/Layers/json/M20_waypoints.json`, and Perseverance's raw feed answering sol 1110 with the
/// four real Navcam records of site 51 drive 2578 plus two made from them: one at a drive NASA did not localize
/// (its position is site 51's origin + xyz) and one without a site (no position).
final class PlacesServer: Sendable {
  static let waypointsPath = "/mmgis-maps/M20/Layers/json/M20_waypoints.json"
  let server: TestHTTPServer

  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("RoverCoreTests/Fixtures/places")

  static func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: fixtures.appendingPathComponent(name + ".json"))
  }

  /// The variants' ids: tile 02 moved to a drive NASA did not localize, tile 03 without a site.
  static let moved = "NLF_1110_0765465872_675ECM_N0512578NCAM13109_02_195J"
  static let noSite = "NLF_1110_0765465872_675ECM_N0512578NCAM13109_03_195J"

  static let recordNames = [
    "NLF_1110_0765465872_675ECM_N0512578NCAM13109_01_195J", "NLF_1110_0765465872_675ECM_N0512578NCAM13109_04_195J",
    "NRF_1110_0765465872_675ECM_N0512578NCAM13109_01_195J", "NRF_1110_0765465872_675ECM_N0512578NCAM13109_04_195J",
  ]

  /// `waypoints`: the body served for the waypoint file (the real capture unless a test gives another).
  /// `waypointStatus`: a status other than 200 makes the waypoint file fail (a server error, say).
  init(waypoints: Data? = nil, waypointStatus: Int = 200) throws {
    let waypoints = try waypoints ?? Self.fixture("m20-waypoints-sol1110-2024-04-04")
    // The feed page, made once the server's port (in its image URLs) is known; read by the server's threads.
    let box = Locked("")
    server = try TestHTTPServer { request in
      if request.path == Self.waypointsPath {
        return waypointStatus == 200 ? .json(data: waypoints) : .empty(status: waypointStatus)
      }
      if request.path.hasSuffix(".jpg") || request.path.hasSuffix(".png") {
        return .bytes(Self.jpeg, contentType: "image/jpeg")
      }
      guard request.path.hasPrefix("/rss/api") else { return .empty(status: 404) }
      return .json(request.query("latest") == "true" ? Self.latest : box.current)
    }
    // The records' image URLs point at this server, so downloads stay local.
    let base = server.url("/").absoluteString.replacingOccurrences(of: "/$", with: "", options: .regularExpression)
    func record(_ name: String) throws -> String {
      String(decoding: try Self.fixture(name), as: UTF8.self).replacingOccurrences(
        of: "https://mars.nasa.gov", with: base)
    }
    var records = try Self.recordNames.map { try JSONSerialization.jsonObject(with: Data(record($0).utf8)) }
    // Two variants of the first record, as tiles 02 and 03 (so they are frames of their own): another drive of
    // site 51 (not localized), and no site at all.
    let first = try record(Self.recordNames[0])
    for (tile, change) in [("_02_", ("drive", "2600" as Any)), ("_03_", ("site", NSNull() as Any))] {
      let text = first.replacingOccurrences(of: "_01_", with: tile)
      guard var record = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { continue }
      record[change.0] = change.1
      records.append(record)
    }
    let page = try JSONSerialization.data(withJSONObject: [
      "images": records, "per_page": "100", "total_results": records.count, "page": 0, "mission": "mars2020",
      "total_images": records.count,
    ])
    box.withLock { $0 = String(decoding: page, as: UTF8.self) }
  }

  static let latest = #"{"latest_sol":1110,"total":6,"type":"mars2020-latest-images-1.1"}"#
  /// The smallest JPEG a downloader takes for one: SOI, a JFIF header, EOI.
  static let jpeg = Data([
    0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xFF, 0xD9,
  ])

  /// Feeds and places both from this server.
  func options() -> [String] {
    [
      "--service", "nasa-raw", "--base-url", server.url("/").absoluteString, "--places-url",
      server.url("/").absoluteString,
    ]
  }

  func placesRequests() -> Int { server.requestCount(pathPrefix: Self.waypointsPath) }

  func stop() { server.stop() }
}
