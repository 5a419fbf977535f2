import Foundation
import Testing

/// Loads the JSON fixtures copied into the test bundle (described in `Fixtures/README.md`).
enum FixtureLoader {
  /// The bytes of `Fixtures/<name>.json`, exactly as stored.
  static func data(_ name: String) throws -> Data {
    let url = try #require(
      Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"),
      "no fixture named \(name).json")
    return try Data(contentsOf: url)
  }

  /// Decodes `Fixtures/<name>.json` with a plain `JSONDecoder`, as the client does.
  static func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
    try JSONDecoder().decode(type, from: data(name))
  }
}
