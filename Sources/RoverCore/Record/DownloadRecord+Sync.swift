import Foundation

/// What a sync remembers beside the photos: each sol it listed, and the settings it keeps between runs.
extension DownloadRecord {
  /// What a sync knows of one sol.
  package struct SolState: Sendable, Equatable {
    package var complete: Bool
    package var photos: Int
    package var checkedAt: Date

    package init(complete: Bool, photos: Int, checkedAt: Date) {
      self.complete = complete
      self.photos = photos
      self.checkedAt = checkedAt
    }
  }

  /// Every sol a sync has looked at for `rover`: a few thousand rows at most, one a sol.
  package func sols(rover: String) throws -> [Int: SolState] {
    try locked {
      let query = try database.prepare("SELECT sol, complete, photos, checked_at FROM sols WHERE rover = ?")
      query.bind([.text(rover.lowercased())])
      var states: [Int: SolState] = [:]
      while try query.step() {
        states[Int(query.integer(0) ?? 0)] = SolState(
          complete: query.integer(1) == 1, photos: Int(query.integer(2) ?? 0),
          checkedAt: Date(timeIntervalSince1970: query.real(3) ?? 0))
      }
      return states
    }
  }

  /// Notes a sol as listed (and complete when every photo of it is in place), committed with what came before: in
  /// one transaction, so a sol is never recorded finished without its photos.
  package func setSol(rover: String, sol: Int, _ state: SolState) throws {
    try locked {
      try write(commitNow: true) {
        try database.prepare(
          "INSERT OR REPLACE INTO sols (rover, sol, complete, photos, checked_at) VALUES (?, ?, ?, ?, ?)"
        ).bind([
          .text(rover.lowercased()), .integer(Int64(sol)), .integer(state.complete ? 1 : 0),
          .integer(Int64(state.photos)), .real(state.checkedAt.timeIntervalSince1970),
        ]).run()
      }
    }
  }

  /// Marks every finished sol of `rover` unfinished, so the next sync lists each again (a wider selection owes
  /// them what was added); what is in place is skipped, not fetched again.
  /// - Returns: how many sols were finished.
  @discardableResult
  package func reopenSols(rover: String) throws -> Int {
    let finished = try sols(rover: rover).values.filter(\.complete).count
    guard finished > 0 else { return 0 }
    try locked {
      try write(commitNow: true) {
        try database.prepare("UPDATE sols SET complete = 0 WHERE rover = ?").bind([.text(rover.lowercased())]).run()
      }
    }
    return finished
  }

  package func setting(_ key: String) throws -> String? {
    try locked {
      let query = try database.prepare("SELECT value FROM settings WHERE key = ?").bind([.text(key)])
      return try query.step() ? query.text(0) : nil
    }
  }

  package func setSetting(_ key: String, _ value: String) throws {
    try locked {
      try write(commitNow: true) {
        try database.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)")
          .bind([.text(key), .text(value)]).run()
      }
    }
  }
}
