import Foundation

/// What a damaged record still holds: its settings (the sync selection above all), read from the file set aside
/// so that a flagless `sync -o D` after a rebuild mirrors the same selection, not the whole mission.
extension DownloadRecord {
  /// The settings rows of the record at `path` that can still be read; empty when none can.
  static func readableSettings(at path: String) -> [(key: String, value: String)] {
    guard let database = try? SQLiteDatabase(path: path, busyTimeout: .zero, readOnly: true),
      let query = try? database.prepare("SELECT key, value FROM settings")
    else { return [] }
    var rows: [(key: String, value: String)] = []
    while (try? query.step()) == true, rows.count < 64 {
      if let key = query.text(0), let value = query.text(1), value.utf8.count <= 65_536 { rows.append((key, value)) }
    }
    return rows
  }

  /// Copies `settings` into this (new) record.
  func carryOver(_ settings: [(key: String, value: String)]) throws {
    for (key, value) in settings { try setSetting(key, value) }
  }
}
