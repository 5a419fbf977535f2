import Foundation
import Testing

@testable import RoverCore

/// The real waypoint captures and Navcam records of `Fixtures/places` (see `Fixtures/README.md`).
enum PlacesFixtures {
  static let current = "m20-waypoints-sol1110-2024-04-04"
  static let older = "m20-waypoints-sol0539-2022-08-26"
  static let records = [
    "NLF_1110_0765465872_675ECM_N0512578NCAM13109_01_195J", "NLF_1110_0765465872_675ECM_N0512578NCAM13109_04_195J",
    "NRF_1110_0765465872_675ECM_N0512578NCAM13109_01_195J", "NRF_1110_0765465872_675ECM_N0512578NCAM13109_04_195J",
  ]
  static let perseverance = MarsMapProjection(standardParallel: 18.4663)

  static func data(_ name: String) throws -> Data {
    let url = try #require(
      Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/places"),
      "no fixture named places/\(name).json")
    return try Data(contentsOf: url)
  }

  /// A waypoint file read the way the fetcher reads it.
  static func waypoints(_ bytes: Data) throws -> WaypointFile {
    try JSONTape.decodeOrFallBack(WaypointFile.self, from: bytes)
  }

  static func localizations(_ name: String) throws -> RoverLocalizations {
    RoverLocalizations(try waypoints(data(name)).localizations, projection: perseverance)
  }

  /// One real Perseverance feed record as the raw-feed client turns it into a photo.
  static func photo(_ name: String) throws -> Photo {
    let image = try JSONDecoder().decode(PerseveranceFeed.Image.self, from: data(name))
    let client = RawFeedClient(configuration: ServiceConfiguration(preset: .nasaRaw))
    return client.photo(image)
  }
}
