import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Opening the record: the locked descriptor, the database checked against it, its tables and statements, and the
/// legacy record imported once.
extension DownloadRecord {
  /// The file's own descriptor, opened without following a link and locked for the run (`watch`'s state too).
  package static func openLocked(
    _ directory: SafeDirectory, name: String, path: String, mode: mode_t = 0o644, onWait: (Notice) -> Void
  ) async throws -> Int32 {
    let descriptor = openat(directory.descriptor, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, mode)
    guard descriptor >= 0 else {
      let reason = errno == ELOOP ? "a symbolic link; refusing to follow it" : errnoText()
      throw DownloadError.io(path: path, reason: reason)
    }
    do {
      try await DownloadArchive.lockExclusively(descriptor, path: path, onWait: onWait)
    } catch {
      close(descriptor)
      throw error
    }
    return descriptor
  }

  /// SQLite opens by path (it resolves the links of a /proc/self/fd path, then refuses them), so the file it
  /// opened is checked to be the very one locked here, not one swapped in meanwhile.
  static func open(
    _ location: String, lockedAs descriptor: Int32, busyTimeout: Duration = .seconds(30),
    onWait: @escaping @Sendable (Notice) -> Void
  ) throws -> (SQLiteDatabase, Statements, run: Int64) {
    let database = try SQLiteDatabase(path: location, busyTimeout: busyTimeout, onWait: onWait)
    var ours = stat()
    var theirs = stat()
    guard fstat(descriptor, &ours) == 0, stat(location, &theirs) == 0, ours.st_ino == theirs.st_ino,
      ours.st_dev == theirs.st_dev
    else {
      throw DownloadError.io(path: location, reason: "replaced while it was being opened")
    }
    // A rollback journal, not WAL: WAL needs shared memory, which a network file system (shards sharing a
    // directory) does not give. NORMAL sync: a power cut can at worst damage the file, which is then rebuilt.
    try database.execute(
      """
      PRAGMA journal_mode = DELETE;
      PRAGMA synchronous = NORMAL;
      PRAGMA cache_size = -512;
      """)
    try database.checkIntact()
    return try database.asRoverMadeIt {
      let run = try prepareTables(database)
      return (database, try Statements(database), run)
    }
  }

  /// The tables, made in one transaction with the run's number: one file sync at start instead of one per statement
  /// (three `fdatasync` each, most of a small run's start-up on a real disk). A row is written to each and taken
  /// back, so tables that refuse rover's rows (another program's columns or constraints) fail here, once. The index
  /// on `path` that earlier versions made is dropped: every insert paid for it, and the one look-up by path goes
  /// through the photo's key now.
  private static func prepareTables(_ database: SQLiteDatabase) throws -> Int64 {
    try database.transaction {
      try database.execute(
        """
        CREATE TABLE IF NOT EXISTS photos (
          rover TEXT NOT NULL, id TEXT NOT NULL, product TEXT NOT NULL, frame TEXT, version INTEGER,
          sol INTEGER, bytes INTEGER NOT NULL, path TEXT NOT NULL, run INTEGER NOT NULL, UNIQUE (rover, id));
        CREATE INDEX IF NOT EXISTS photos_by_product ON photos (rover, product);
        DROP INDEX IF EXISTS photos_by_path;
        CREATE INDEX IF NOT EXISTS photos_by_frame ON photos (rover, frame) WHERE frame IS NOT NULL;
        CREATE TABLE IF NOT EXISTS sols (
          rover TEXT NOT NULL, sol INTEGER NOT NULL, complete INTEGER NOT NULL, photos INTEGER NOT NULL,
          checked_at REAL NOT NULL, PRIMARY KEY (rover, sol));
        CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        SAVEPOINT probe;
        INSERT OR REPLACE INTO photos (rover, id, product, frame, version, sol, bytes, path, run)
        VALUES ('', '', '', NULL, NULL, 0, 0, '', 0);
        INSERT OR REPLACE INTO sols (rover, sol, complete, photos, checked_at) VALUES ('', 0, 0, 0, 0);
        ROLLBACK TO probe;
        RELEASE probe;
        """)
      let run = try nextRun(database)
      try database.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('run', ?)")
        .bind([.text(String(run))]).run()
      return run
    }
  }

  /// The number after the last run's; a `run` setting that is not a run number (or whose next would overflow) makes
  /// the record unusable, rather than starting again at 1 or crashing every command in the folder.
  private static func nextRun(_ database: SQLiteDatabase) throws -> Int64 {
    let last = try database.prepare("SELECT value FROM settings WHERE key = 'run'")
    guard try last.step() else { return 1 }
    let text = last.text(0) ?? ""
    guard let previous = Int64(text), previous >= 0, previous < Int64.max else {
      throw SQLiteError.unusable("the setting 'run' is not a run number: '\(text.prefix(40))'")
    }
    return previous + 1
  }

  /// The statements run per photo, prepared once.
  struct Statements {
    let insert: SQLiteStatement
    let bytesAtPath: SQLiteStatement
    let earlierID: SQLiteStatement
    let earlierProduct: SQLiteStatement
    let highestVersion: SQLiteStatement
    let lowerVersionPaths: SQLiteStatement
    let deleteLowerVersions: SQLiteStatement

    init(_ database: SQLiteDatabase) throws {
      insert = try database.prepare(
        """
        INSERT OR REPLACE INTO photos (rover, id, product, frame, version, sol, bytes, path, run)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
      // Through the unique key: an index on the path, kept for this look-up alone, cost every insert a fourth
      // B-tree (bench/floor/record_insert.c).
      bytesAtPath = try database.prepare("SELECT bytes FROM photos WHERE rover = ? AND id = ? AND path = ?")
      earlierID = try database.prepare("SELECT 1 FROM photos WHERE rover = ? AND id = ? AND run < ?")
      earlierProduct = try database.prepare(
        "SELECT 1 FROM photos WHERE rover = ? AND product = ? AND run < ? LIMIT 1")
      highestVersion = try database.prepare(
        "SELECT max(version) FROM photos WHERE rover = ? AND frame = ? AND version IS NOT NULL")
      lowerVersionPaths = try database.prepare(
        "SELECT path FROM photos WHERE rover = ? AND frame = ? AND version < ? AND path <> ''")
      deleteLowerVersions = try database.prepare("DELETE FROM photos WHERE rover = ? AND frame = ? AND version < ?")
    }
  }

  /// Moves the lines of a tab-separated record left by an earlier version into the database, then removes it.
  func importLegacy(from directory: SafeDirectory) throws -> Int {
    let legacy = openat(directory.descriptor, Self.legacyName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard legacy >= 0 else { return 0 }
    defer { close(legacy) }
    let shown = directory.path + "/" + Self.legacyName
    let skipped = try database.transaction {
      try DownloadArchive.forEachLine(legacy, path: shown) { line in
        try statements.insert.bind([
          .text(line.rover), .text(line.id), .text(line.product ?? line.id), .null, .null, .null,
          .integer(Int64(line.bytes)), .text(line.path), .integer(0),
        ]).run()
      }.skipped
    }
    unlinkat(directory.descriptor, Self.legacyName, 0)
    return skipped
  }
}
