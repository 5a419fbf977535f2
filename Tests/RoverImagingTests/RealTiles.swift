import Foundation

@testable import RoverCore

/// The real sol-1110 Navcam tiles and records in Fixtures/sol1110 (see its README for their source).
enum RealTiles {
  static let stem = "_1110_0765465872_675ECM_N0512578NCAM13109_"

  /// The path of a fixture: `eye` "L" or "R", `tile` 1 or 4, `ext` "png" or "json".
  static func path(eye: String, tile: Int, ext: String) -> String {
    let name = "N\(eye)F\(stem)0\(tile)_195J"
    guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Fixtures/sol1110") else {
      fatalError("missing fixture \(name).\(ext)")
    }
    return url.path
  }

  /// The photo the raw feed's record describes, read through rover's own feed decoding.
  static func photo(eye: String, tile: Int) throws -> Photo {
    let data = try Data(contentsOf: URL(fileURLWithPath: path(eye: eye, tile: tile, ext: "json")))
    let image = try JSONDecoder().decode(PerseveranceFeed.Image.self, from: data)
    return Photo(
      id: .text(image.id), sol: image.sol, camera: Camera(name: image.instrument),
      imageSource: image.sizes["full"] ?? "",
      earthDate: CalendarDate(daysSinceEpoch: 19_817), rover: Rover(name: "Perseverance"), metadata: image.metadata)
  }

  /// A folder of its own for one test, removed by the caller.
  static func scratchFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("rover-imaging-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
