import Foundation
import RoverCore

#if canImport(Glibc)
  import Glibc
#endif

/// What a `watch` has printed, so a restart does not repeat anything, and the photos printed whose download or
/// `--exec` has not yet succeeded, so a failure or a stop is made good on the next poll or after a restart: one
/// SQLite file per rover, service and selection under `$XDG_STATE_HOME/rover/`, locked for the watch's life (a
/// second watch of the same selection waits rather than printing everything twice).
package final class WatchState: @unchecked Sendable {
  package let path: String
  // @unchecked: the database and statements are only used under `lock`; `descriptor` never changes.
  private let lock = NSLock()
  private let descriptor: Int32
  private let database: SQLiteDatabase
  private let statements: Statements

  /// Every statement the state runs, prepared once.
  private struct Statements {
    let seen: SQLiteStatement
    let insert: SQLiteStatement
    let owe: SQLiteStatement
    let owed: SQLiteStatement
    let settle: SQLiteStatement
  }

  /// The state directory: `$XDG_STATE_HOME/rover`, or `~/.local/state/rover`.
  package static func directory(environment: [String: String]) -> URL {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state).appendingPathComponent("rover")
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".local/state/rover")
  }

  /// The file for one selection: named by a hash of it, so any rover, service and camera list maps to one name.
  package static func fileName(rover: String, service: String, cameras: [String]) -> String {
    let key = [rover.lowercased(), service, cameras.map { $0.uppercased() }.sorted().joined(separator: ",")]
      .joined(separator: "|")
    return "watch-\(rover.lowercased())-" + String(StableHash.value(key), radix: 16) + ".sqlite"
  }

  /// Set when the file could not be used (damaged, or not rover's) and was started afresh: what was printed may
  /// be printed once more, which the caller says once. Why, in SQLite's words or rover's.
  package private(set) var rebuiltBecause: String?
  package var wasRebuilt: Bool { rebuiltBecause != nil }

  package init(directory: URL, name: String, onWait: @escaping @Sendable (Notice) -> Void = { _ in }) async throws {
    let folder = try SafeDirectory.root(directory)
    path = folder.path + "/" + name
    var descriptor = try await DownloadRecord.openLocked(folder, name: name, path: path, mode: 0o600, onWait: onWait)
    do {
      var opened: (SQLiteDatabase, Statements)
      do {
        opened = try Self.open(path, onWait: onWait)
      } catch let error as SQLiteError where error.isDamagedFile {
        // Only what was printed is lost: the next poll prints the window once more. The lock moves to the new
        // file, so a second watch of the same selection still waits for this one.
        unlinkat(folder.descriptor, name, 0)
        close(descriptor)
        descriptor = -1
        rebuiltBecause = error.description
        descriptor = try await DownloadRecord.openLocked(folder, name: name, path: path, mode: 0o600, onWait: onWait)
        opened = try Self.open(path, onWait: onWait)
      }
      self.descriptor = descriptor
      (database, statements) = opened
    } catch let error as SQLiteError {
      if descriptor >= 0 { close(descriptor) }
      throw DownloadError.io(path: path, reason: error.description)
    } catch {
      if descriptor >= 0 { close(descriptor) }
      throw error
    }
  }

  deinit {
    close(descriptor)
  }

  /// The database and its statements, or `SQLiteError.unusable` for a file SQLite opens but rover cannot use
  /// (a damaged page, a `seen` or `pending` table of another program's), which is then started afresh.
  private static func open(_ path: String, onWait: @escaping @Sendable (Notice) -> Void) throws -> (
    SQLiteDatabase, Statements
  ) {
    let database = try SQLiteDatabase(path: path, onWait: onWait)
    try database.execute(
      """
      PRAGMA journal_mode = DELETE;
      PRAGMA synchronous = NORMAL;
      """)
    try database.checkIntact()
    return try database.asRoverMadeIt {
      try database.execute(
        """
        CREATE TABLE IF NOT EXISTS seen (key TEXT PRIMARY KEY, sol INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS pending (key TEXT PRIMARY KEY, sol INTEGER NOT NULL, photo TEXT NOT NULL)
          WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS pending_order ON pending (sol, key);
        SAVEPOINT probe;
        INSERT OR REPLACE INTO seen (key, sol) VALUES ('', 0);
        INSERT OR REPLACE INTO pending (key, sol, photo) VALUES ('', 0, '');
        ROLLBACK TO probe;
        RELEASE probe;
        """)
      return (
        database,
        Statements(
          seen: try database.prepare("SELECT 1 FROM seen WHERE key = ?"),
          insert: try database.prepare("INSERT OR IGNORE INTO seen (key, sol) VALUES (?, ?)"),
          owe: try database.prepare("INSERT OR REPLACE INTO pending (key, sol, photo) VALUES (?, ?, ?)"),
          owed: try database.prepare(
            "SELECT sol, key, photo FROM pending WHERE (sol, key) > (?, ?) ORDER BY sol, key LIMIT ?"),
          settle: try database.prepare("DELETE FROM pending WHERE key = ?"))
      )
    }
  }

  /// A photo is the same photo whichever id a service gives it: its frame.
  static func key(_ photo: Photo) -> String { photo.rover.name.lowercased() + "\t" + photo.productKey }

  package func isNew(_ photo: Photo) throws -> Bool {
    try lock.withLock { try statements.seen.bind([.text(Self.key(photo))]).firstInteger() == nil }
  }

  /// Remembers photos as printed, all or none; with `pending`, also as owed their download and `--exec`, kept
  /// whole (the next poll's window may no longer list them) until `settle` is called for each.
  /// - Throws: `DownloadError.io` when the state file cannot be written.
  package func markSeen(_ photos: [Photo], pending: Bool = false) throws {
    guard !photos.isEmpty else { return }
    let encoder = JSONEncoder()
    let records = try photos.map { photo in
      (
        key: Self.key(photo), sol: Int64(photo.sol),
        json: pending ? String(decoding: try encoder.encode(photo), as: UTF8.self) : nil
      )
    }
    try write {
      for record in records {
        try statements.insert.bind([.text(record.key), .integer(record.sol)]).run()
        if let json = record.json {
          try statements.owe.bind([.text(record.key), .integer(record.sol), .text(json)]).run()
        }
      }
    }
  }

  /// Photos owed at a time by ``forEachPendingWindow(of:_:)``: a watch whose program fails for months owes tens of
  /// thousands, and each is read whole (a few KB).
  package static let pendingWindow = 500

  /// Hands `body` the photos printed whose download or `--exec` has not succeeded yet, in sol order, `count` at a
  /// time, so however many are owed only one window is in memory; `body` may settle them meanwhile. A record that
  /// no longer decodes is skipped.
  /// - Throws: `DownloadError.io` when the state file cannot be read; what `body` throws.
  package func forEachPendingWindow(
    of count: Int = pendingWindow, _ body: ([Photo]) async throws -> Void
  ) async throws {
    var after: (sol: Int64, key: String) = (.min, "")
    while true {
      let (texts, last) = try access {
        statements.owed.bind([.integer(after.sol), .text(after.key), .integer(Int64(max(1, count)))])
        var texts: [String] = []
        var last: (sol: Int64, key: String)?
        while try statements.owed.step() {
          last = (statements.owed.integer(0) ?? 0, statements.owed.text(1) ?? "")
          texts.append(statements.owed.text(2) ?? "")
        }
        return (texts, last)
      }
      guard let last else { return }
      let decoder = JSONDecoder()
      let photos = texts.compactMap { try? decoder.decode(Photo.self, from: Data($0.utf8)) }
      if !photos.isEmpty { try await body(photos) }
      after = last
    }
  }

  /// Forgets that these photos are owed anything: their download and `--exec` succeeded, or will never be run.
  /// - Throws: `DownloadError.io` when the state file cannot be written.
  package func settle(_ photos: [Photo]) throws {
    guard !photos.isEmpty else { return }
    try write {
      for photo in photos { try statements.settle.bind([.text(Self.key(photo))]).run() }
    }
  }

  private func write(_ body: () throws -> Void) throws {
    try access { try database.transaction(body) }
  }

  /// Runs `body` under the lock, with SQLite's errors in the library's words.
  private func access<T>(_ body: () throws -> T) throws -> T {
    do {
      return try lock.withLock(body)
    } catch let error as SQLiteError {
      throw DownloadError.io(path: path, reason: error.description)
    }
  }
}
