import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The one record of an output directory, shared by `fetch-image` and `sync`: which photos are in it (by id and by
/// the service-neutral product key, with size, path and version), which sols a sync finished and when it last
/// looked, and the selection a sync keeps.
///
/// An SQLite file, so a mission's record stays on disk rather than in memory (a lookup is an index probe; memory is
/// SQLite's page cache, not a few bytes a photo), each batch of photos is written atomically, and a damaged file is
/// detected rather than half read. The file is opened without following a link, and an exclusive lock on it is
/// held for the whole run, so two processes sharing a directory take turns instead of both downloading everything.
/// A damaged record is set aside and started afresh: the files themselves still count (a file in place is never
/// fetched again), and a sync lists its sols again.
package final class DownloadRecord: @unchecked Sendable {
  /// The file's name in the output directory; a shard of a sync keeps its own (`--shard 3/8`:
  /// `.rover-record.shard-3-of-8.sqlite`), so shards may share a directory on a network file system.
  package static func fileName(shard: Shard? = nil) -> String {
    shard.map { ".rover-record.shard-\($0.index)-of-\($0.count).sqlite" } ?? ".rover-record.sqlite"
  }

  /// The tab-separated record of earlier versions, imported once and then removed.
  static let legacyName = ".rover-downloads.tsv"

  package let path: String
  /// Unreadable lines of an imported legacy record; the caller says so once.
  package private(set) var skippedLines = 0
  /// Set when the file was damaged and has been started afresh; the caller says so once.
  package private(set) var rebuiltFrom: String?
  // @unchecked: the database and statements are only used under `lock`; `descriptor` never changes.
  private let lock = NSLock()
  private let descriptor: Int32
  private let database: SQLiteDatabase
  private let statements: Statements
  /// This run's number: what an earlier run recorded is told apart from this run's photos that share one image.
  private let run: Int64
  /// Whether any photo was recorded by an earlier run: in a new directory the per-photo look-ups for frames
  /// downloaded before are skipped, two queries a photo. Set once, while opening.
  private var hasEarlierRuns = true
  private var pending = 0
  /// Photos held in the open transaction before a commit: a crash loses at most these, which costs only a size
  /// check on the next run, and a commit per photo would cost a file sync per photo.
  let batch: Int

  /// Opens (creating) the record of `outputDirectory` (creating it too) for a run; see `init(directory:)`.
  package convenience init(outputDirectory: URL, shard: Shard? = nil, onWait: (String) -> Void = { _ in }) async throws
  {
    try await self.init(
      directory: try SafeDirectory.root(outputDirectory), name: Self.fileName(shard: shard), onWait: onWait)
  }

  /// Opens (creating) the record `name` in `directory`, waiting for another process's lock; `onWait` is told
  /// once if it has to wait.
  init(
    directory: SafeDirectory, name: String = DownloadRecord.fileName(), batch: Int = 1024,
    onWait: (String) -> Void = { _ in }
  ) async throws {
    path = directory.path + "/" + name
    self.batch = max(0, batch)
    var descriptor = try await Self.openLocked(directory, name: name, path: path, onWait: onWait)
    do {
      var opened: (SQLiteDatabase, Statements, run: Int64)
      do {
        opened = try Self.open(path, lockedAs: descriptor)
      } catch let error as SQLiteError where error.isDamagedFile {
        let aside = name + ".damaged-\(Int(Date().timeIntervalSince1970))"
        guard renameat(directory.descriptor, name, directory.descriptor, aside) == 0 else {
          throw DownloadError.io(path: path, reason: "damaged (\(error)) and cannot be set aside: \(errnoText())")
        }
        close(descriptor)
        descriptor = -1
        rebuiltFrom = directory.path + "/" + aside
        descriptor = try await Self.openLocked(directory, name: name, path: path, onWait: onWait)
        opened = try Self.open(path, lockedAs: descriptor)
      }
      (database, statements, run) = opened
      self.descriptor = descriptor
      skippedLines = try importLegacy(from: directory)
      hasEarlierRuns =
        try database.prepare("SELECT 1 FROM photos WHERE run < ? LIMIT 1").bind([.integer(run)])
        .firstInteger() != nil
    } catch let error as SQLiteError {
      if descriptor >= 0 { close(descriptor) }
      throw DownloadError.io(path: path, reason: error.description)
    } catch {
      if descriptor >= 0 { close(descriptor) }
      throw error
    }
  }

  /// The file's own descriptor, opened without following a link and locked for the run (`watch`'s state too).
  static func openLocked(
    _ directory: SafeDirectory, name: String, path: String, mode: mode_t = 0o644, onWait: (String) -> Void
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

  deinit {
    lock.withLock { try? commitPending() }
    close(descriptor)
  }

  /// SQLite opens by path (it resolves the links of a /proc/self/fd path, then refuses them), so the file it
  /// opened is checked to be the very one locked here, not one swapped in meanwhile.
  private static func open(_ location: String, lockedAs descriptor: Int32) throws -> (
    SQLiteDatabase, Statements, run: Int64
  ) {
    let database = try SQLiteDatabase(path: location)
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
    // A file that is not a database, or a damaged one, fails here rather than part-way through a run.
    guard try database.prepare("PRAGMA quick_check").step() else {
      throw SQLiteError(code: 11, message: "quick_check returned nothing")
    }
    let run = try prepareTables(database)
    return (database, try Statements(database), run)
  }

  /// The tables, made in one transaction with the run's number: one file sync at start instead of one per
  /// statement (three `fdatasync` each, most of a small run's start-up on a real disk).
  private static func prepareTables(_ database: SQLiteDatabase) throws -> Int64 {
    try database.transaction {
      try database.execute(
        """
        CREATE TABLE IF NOT EXISTS photos (
          rover TEXT NOT NULL, id TEXT NOT NULL, product TEXT NOT NULL, frame TEXT, version INTEGER,
          sol INTEGER, bytes INTEGER NOT NULL, path TEXT NOT NULL, run INTEGER NOT NULL, UNIQUE (rover, id));
        CREATE INDEX IF NOT EXISTS photos_by_product ON photos (rover, product);
        CREATE INDEX IF NOT EXISTS photos_by_path ON photos (path);
        CREATE INDEX IF NOT EXISTS photos_by_frame ON photos (rover, frame) WHERE frame IS NOT NULL;
        CREATE TABLE IF NOT EXISTS sols (
          rover TEXT NOT NULL, sol INTEGER NOT NULL, complete INTEGER NOT NULL, photos INTEGER NOT NULL,
          checked_at REAL NOT NULL, PRIMARY KEY (rover, sol));
        CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        """)
      let last = try database.prepare("SELECT value FROM settings WHERE key = 'run'")
      let run = (try last.step() ? last.text(0).flatMap { Int64($0) } : nil).map { $0 + 1 } ?? 1
      try database.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('run', ?)")
        .bind([.text(String(run))]).run()
      return run
    }
  }

  /// The statements run per photo, prepared once.
  private struct Statements {
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
      bytesAtPath = try database.prepare("SELECT bytes FROM photos WHERE path = ? ORDER BY rowid DESC LIMIT 1")
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
  private func importLegacy(from directory: SafeDirectory) throws -> Int {
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

  static func roverKey(_ photo: Photo) -> String { photo.rover.name.lowercased() }

  /// The recorded size of the file at `path` (relative to the output directory).
  package func bytes(forPath path: String) throws -> Int? {
    try lock.withLock { try statements.bytesAtPath.bind([.text(path)]).firstInteger().map(Int.init) }
  }

  /// Whether an earlier run recorded the frame under another id (listed by another service), not under this
  /// photo's own.
  package func hasFrameUnderAnotherID(_ photo: Photo) throws -> Bool {
    guard hasEarlierRuns else { return false }
    let rover = Self.roverKey(photo)
    return try lock.withLock {
      if try statements.earlierID.bind([.text(rover), .text(photo.id.description), .integer(run)]).firstInteger()
        != nil
      {
        return false
      }
      return try statements.earlierProduct.bind([.text(rover), .text(photo.productKey), .integer(run)])
        .firstInteger() != nil
    }
  }

  /// The highest version recorded of the photo's frame, for rovers whose feeds re-send frames.
  package func highestVersion(of photo: Photo) throws -> Int? {
    guard let version = photo.frameVersion else { return nil }
    return try lock.withLock {
      try statements.highestVersion.bind([.text(Self.roverKey(photo)), .text(version.frame)]).firstInteger()
        .map(Int.init)
    }
  }

  /// The paths of recorded versions of the photo's frame lower than its own, and forgets them: the caller removes
  /// the files once the higher version is in place.
  package func removeLowerVersions(than photo: Photo) throws -> [String] {
    guard let version = photo.frameVersion else { return [] }
    return try lock.withLock {
      // Prepared once: a sync of Perseverance asks this for every photo it downloads.
      let key: [SQLiteStatement.Value] = [
        .text(Self.roverKey(photo)), .text(version.frame), .integer(Int64(version.number)),
      ]
      let query = statements.lowerVersionPaths.bind(key)
      var paths: [String] = []
      while try query.step() { if let path = query.text(0) { paths.append(path) } }
      try statements.deleteLowerVersions.bind(key).run()
      return paths
    }
  }

  package var count: Int {
    lock.withLock { Int((try? database.prepare("SELECT count(*) FROM photos").firstInteger()) ?? 0) }
  }

  /// Records one photo (committed with the next batch, or at `flush`).
  package func record(_ photo: Photo, bytes: Int, path: String) throws {
    let version = photo.frameVersion
    do {
      try lock.withLock {
        if pending == 0 { try database.execute("BEGIN IMMEDIATE") }
        pending += 1
        try statements.insert.bind([
          .text(Self.roverKey(photo)), .text(photo.id.description), .text(photo.productKey),
          version.map { .text($0.frame) } ?? .null, version.map { .integer(Int64($0.number)) } ?? .null,
          .integer(Int64(photo.sol)), .integer(Int64(bytes)), .text(path), .integer(run),
        ]).run()
        if pending > batch { try commitPending() }
      }
    } catch let error as SQLiteError {
      throw DownloadError.io(path: self.path, reason: error.description)
    }
  }

  /// Commits the photos held back; call when a run ends.
  package func flush() throws {
    do {
      try lock.withLock { try commitPending() }
    } catch let error as SQLiteError {
      throw DownloadError.io(path: path, reason: error.description)
    }
  }

  /// Call under `lock`.
  private func commitPending() throws {
    guard pending > 0 else { return }
    pending = 0
    try database.execute("COMMIT")
  }

  // MARK: What a sync remembers

  /// What a sync knows of one sol.
  package struct SolState: Sendable, Equatable {
    package var complete: Bool
    package var photos: Int
    package var checkedAt: Date
  }

  /// Every sol a sync has looked at for `rover`: a few thousand rows at most, one a sol.
  package func sols(rover: String) throws -> [Int: SolState] {
    try lock.withLock {
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

  /// Notes a sol as listed (and complete when every photo of it is in place), committing with what came before.
  package func setSol(rover: String, sol: Int, _ state: SolState) throws {
    try lock.withLock {
      try commitPending()
      try database.prepare(
        "INSERT OR REPLACE INTO sols (rover, sol, complete, photos, checked_at) VALUES (?, ?, ?, ?, ?)"
      ).bind([
        .text(rover.lowercased()), .integer(Int64(sol)), .integer(state.complete ? 1 : 0),
        .integer(Int64(state.photos)), .real(state.checkedAt.timeIntervalSince1970),
      ]).run()
    }
  }

  package func setting(_ key: String) throws -> String? {
    try lock.withLock {
      let query = try database.prepare("SELECT value FROM settings WHERE key = ?").bind([.text(key)])
      return try query.step() ? query.text(0) : nil
    }
  }

  package func setSetting(_ key: String, _ value: String) throws {
    try lock.withLock {
      try commitPending()
      try database.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)")
        .bind([.text(key), .text(value)]).run()
    }
  }
}
