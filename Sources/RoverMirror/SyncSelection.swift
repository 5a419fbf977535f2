import Foundation
import RoverCore

/// What a sync mirrors, as the user wrote it, remembered in the output directory's record so that a later `sync`
/// without flags does the same again.
package struct SyncSelection: Codable, Sendable, Equatable {
  package var rover: String
  /// `--sol` as given (`1000..`, `1000..1100`); nil with `earthDate`, and when neither was given: every sol.
  package var sol: String?
  package var earthDate: String?
  package var cameras: [String]
  package var name: String

  package init(rover: String, sol: String?, earthDate: String?, cameras: [String], name: String) {
    self.rover = rover.lowercased()
    self.sol = sol
    self.earthDate = earthDate
    self.cameras = cameras
    self.name = name
  }

  static let settingKey = "sync.selection"

  /// This selection with the parts given again replaced and the rest kept: adding `--camera` to a `--sol 860..`
  /// mirror narrows it to that camera from sol 860 on, rather than widening it to the whole mission. Days are one
  /// part (`sol` or `earthDate`); nil means "not given", and `cameras` given empty means every camera again.
  package func restated(sol: String?, earthDate: String?, cameras: [String]?, name: String?) -> SyncSelection {
    var next = self
    if sol != nil || earthDate != nil {
      next.sol = sol
      next.earthDate = earthDate
    }
    if let cameras { next.cameras = cameras }
    if let name { next.name = name }
    return next
  }

  /// Whether a sol finished under `earlier` can lack photos this selection takes: a camera added (or every camera
  /// again after some), or days given by Earth date changed (a sol finished under a date range held only that
  /// date's photos). Sol ranges alone never owe a finished sol more: a sol outside the old range was never finished.
  package func widens(_ earlier: SyncSelection) -> Bool {
    guard rover == earlier.rover else { return false }
    let before = Set(earlier.cameras.map { $0.lowercased() })
    let camerasGrew = !before.isEmpty && (cameras.isEmpty || cameras.contains { !before.contains($0.lowercased()) })
    return camerasGrew || (earlier.earthDate != nil && earthDate != earlier.earthDate)
  }

  /// The selection remembered in `record`, if any (one that cannot be read counts as none).
  package static func remembered(in record: DownloadRecord) -> SyncSelection? {
    guard let text = try? record.setting(settingKey) else { return nil }
    return try? JSONDecoder().decode(SyncSelection.self, from: Data(text.utf8))
  }

  package func remember(in record: DownloadRecord) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    try record.setSetting(Self.settingKey, String(decoding: try encoder.encode(self), as: UTF8.self))
  }
}
