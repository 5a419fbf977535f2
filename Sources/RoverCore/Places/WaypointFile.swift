import Foundation

/// One of NASA's waypoint files (`M20_waypoints.json`, `MSL_waypoints.json`) read into localizations: a GeoJSON
/// FeatureCollection of Points, in either schema NASA has served (the older `dist_total`, `SCLK_START`, `SCLK_END`,
/// `ORIG_FID`; the current `dist_total_m`, `images[]`, `final` of `y` or `m`).
///
/// Read straight from the project's JSON tape, bounded: the body is capped by the fetch (``PlacesClient``), and at
/// most ``maxFeatures`` features are read. A feature with a value that cannot be a position (NaN spelt as a string,
/// 1e308, a string where a number belongs, no site or drive) is left out and counted by reason, never turned into a
/// wrong position; the caller says the counts once.
struct WaypointFile: Decodable, Sendable {
  /// Why a feature was left out.
  enum Skip: String, Sendable, CaseIterable {
    /// Not an object, or no `properties` object.
    case notAFeature = "not a feature"
    /// No integer `site` or `drive`.
    case noSiteOrDrive = "no site or drive"
    /// A coordinate, elevation or distance that is not a plausible finite number.
    case badNumber = "a value that is not a plausible number"
    /// Neither `lon`/`lat` properties nor a Point geometry.
    case noPosition = "no longitude and latitude"
    /// Past ``WaypointFile/maxFeatures``.
    case overLimit = "beyond the limit of features read"
  }

  /// Every localization read, in the file's order (duplicates kept; ``RoverLocalizations`` settles them).
  var localizations: [Localization] = []
  /// Features left out, by reason.
  var skipped: [Skip: Int] = [:]

  /// The most features read from one file: Curiosity's whole traverse is under 10 000.
  static let maxFeatures = 200_000

  init(localizations: [Localization], skipped: [Skip: Int] = [:]) {
    self.localizations = localizations
    self.skipped = skipped
  }

  /// Reads the tape only: a document the tape cannot hold (nested past its depth) is not a waypoint file.
  /// - Throws: `DecodingError` when the document is not a FeatureCollection with a `features` array.
  init(from decoder: any Decoder) throws {
    guard let tape = decoder as? JSONTapeDecoder else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "not a waypoint FeatureCollection (nested too deeply)"))
    }
    let reader = WaypointTapeReader(tape: tape.tape)
    guard tape.tape.kind(tape.node) == .object, let features = reader.member("features", of: tape.node),
      tape.tape.kind(features) == .array
    else {
      throw DecodingError.keyNotFound(
        WaypointKey.features, .init(codingPath: [], debugDescription: "not a FeatureCollection"))
    }
    var count = 0
    reader.forEachElement(of: features) { feature in
      count += 1
      guard count <= Self.maxFeatures else {
        skipped[.overLimit, default: 0] += 1
        return
      }
      switch reader.localization(feature) {
      case .success(let localization): localizations.append(localization)
      case .failure(let skip): skipped[skip.reason, default: 0] += 1
      }
    }
  }

  /// The one key named in a structural error.
  enum WaypointKey: String, CodingKey {
    case features
  }

  /// The skipped features, counted by why, as one notice about the file at `url`; nil when none was skipped.
  func skippedNotice(url: String) -> Notice? {
    guard skipped.values.contains(where: { $0 > 0 }) else { return nil }
    return .featuresLeftOut(
      url: url, notAFeature: skipped[.notAFeature] ?? 0, noSiteOrDrive: skipped[.noSiteOrDrive] ?? 0,
      badNumber: skipped[.badNumber] ?? 0, noPosition: skipped[.noPosition] ?? 0, overLimit: skipped[.overLimit] ?? 0)
  }
}
