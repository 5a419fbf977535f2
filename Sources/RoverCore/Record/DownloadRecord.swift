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
  /// Why it was, in SQLite's words or rover's ("file is not a database", "not rover's tables: …").
  package private(set) var rebuiltBecause = ""
  /// After a rebuild: whether the damaged file's settings (the sync selection) could be read and carried over.
  package private(set) var carriedSettingsOver = false
  /// For a dry run's scratch copy: the output folder's record this one copies, which messages name instead.
  package internal(set) var copyOf: String?
  // @unchecked: the database and statements are only used under `lock`; `descriptor` never changes. Internal, not
  // private, only for the record's own `DownloadRecord+…` files.
  let lock = NSLock()
  private let descriptor: Int32
  /// Held as long as the record: every writer into the folder takes it before its record (see `FolderLock`).
  private let folderLock: FolderLock
  let database: SQLiteDatabase
  let statements: Statements
  /// This run's number: what an earlier run recorded is told apart from this run's photos that share one image.
  private let run: Int64
  /// Whether any photo was recorded by an earlier run: in a new directory the per-photo look-ups for frames
  /// downloaded before are skipped, two queries a photo. Set once, while opening.
  private var hasEarlierRuns = true
  private var pending = 0
  /// Set when a commit found another program reading the file: the rows stay pending in the open transaction and
  /// later commits try without waiting, so a reader does not stall the run at every batch.
  private var heldUp = false
  /// Set once the closing commit has waited its full time: a second flush fails at once.
  private var waitedToClose = false
  /// A read transaction `reading(_:)` began and holds, with nothing written in it.
  private var readOnly = false
  /// Photos held in the open transaction before a commit: a crash loses at most these, which costs only a size
  /// check on the next run, and a commit per photo would cost a file sync per photo.
  let batch: Int

  /// Opens (creating) the record of `outputDirectory` (creating it too) for a run; see `init(directory:)`.
  package convenience init(
    outputDirectory: URL, shard: Shard? = nil, onWait: @escaping @Sendable (Notice) -> Void = { _ in }
  ) async throws {
    try await self.init(directory: try SafeDirectory.root(outputDirectory), shard: shard, onWait: onWait)
  }

  /// Opens (creating) the record of `shard` in `directory`, waiting for the folder's lock and then the file's;
  /// `onWait` is told once for each wait, and if another program's lock on the file holds it up later (for up to
  /// `busyTimeout`: tests shorten it).
  init(
    directory: SafeDirectory, shard: Shard? = nil, batch: Int = 1024, busyTimeout: Duration = .seconds(30),
    onWait: @escaping @Sendable (Notice) -> Void = { _ in }
  ) async throws {
    let name = Self.fileName(shard: shard)
    path = directory.path + "/" + name
    self.batch = max(0, batch)
    folderLock = try await FolderLock(in: directory, shard: shard, onWait: onWait)
    var descriptor = try await Self.openLocked(directory, name: name, path: path, onWait: onWait)
    do {
      var opened: (SQLiteDatabase, Statements, run: Int64)
      do {
        opened = try Self.open(path, lockedAs: descriptor, busyTimeout: busyTimeout, onWait: onWait)
      } catch let error as SQLiteError where error.isDamagedFile {
        let aside = name + ".damaged-\(Int(Date().timeIntervalSince1970))"
        guard renameat(directory.descriptor, name, directory.descriptor, aside) == 0 else {
          throw DownloadError.io(path: path, reason: "damaged (\(error)) and cannot be set aside: \(errnoText())")
        }
        close(descriptor)
        descriptor = -1
        rebuiltFrom = directory.path + "/" + aside
        rebuiltBecause = error.description
        descriptor = try await Self.openLocked(directory, name: name, path: path, onWait: onWait)
        opened = try Self.open(path, lockedAs: descriptor, busyTimeout: busyTimeout, onWait: onWait)
      }
      (database, statements, run) = opened
      self.descriptor = descriptor
      if let aside = rebuiltFrom {
        let settings = Self.readableSettings(at: aside)
        try carryOver(settings)
        carriedSettingsOver = !settings.isEmpty
      }
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

  deinit {
    lock.withLock {
      try? commitPending(waiting: false)
      // A reader still holds the commit up: let go of the file now; the images are in place for the next run.
      if pending > 0 { try? database.execute("ROLLBACK") }
    }
    close(descriptor)
  }

  static func roverKey(_ photo: Photo) -> String { photo.rover.name.lowercased() }

  /// The size recorded for `photo`'s file at `path` (relative to the output directory); nil when the record has
  /// no entry for the photo there.
  package func bytes(of photo: Photo, atPath path: String) throws -> Int? {
    try lock.withLock {
      try statements.bytesAtPath.bind([.text(Self.roverKey(photo)), .text(photo.id.description), .text(path)])
        .firstInteger().map(Int.init)
    }
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
        try write(commitNow: false) {
          try statements.insert.bind([
            .text(Self.roverKey(photo)), .text(photo.id.description), .text(photo.productKey),
            version.map { .text($0.frame) } ?? .null, version.map { .integer(Int64($0.number)) } ?? .null,
            .integer(Int64(photo.sol)), .integer(Int64(bytes)), .text(path), .integer(run),
          ]).run()
        }
      }
    } catch let error as SQLiteError {
      throw DownloadError.io(path: self.path, reason: error.description)
    }
  }

  /// Runs `body`, a planning batch's look-ups, in one read transaction: each look-up would otherwise begin and end
  /// its own, with a lock, an unlock and checks of the journal and the header (four system calls, most of a
  /// re-run's cost a photo). A write meanwhile ends it first. Other processes' commits wait for one batch at most.
  package func reading<T>(_ body: () throws -> T) rethrows -> T {
    lock.withLock {
      if !database.inTransaction, (try? database.execute("BEGIN")) != nil { readOnly = true }
    }
    defer {
      lock.withLock {
        if readOnly {
          readOnly = false
          try? database.execute("COMMIT")
        }
      }
    }
    return try body()
  }

  /// Commits the rows held back; call when a run ends. Another program still reading the file after the busy
  /// wait (a `sqlite3` shell with a transaction open) makes it fail, naming the file, the reader and the photos
  /// left out: their files are in place, so the next run finds them and records them.
  package func flush() throws {
    do {
      try lock.withLock {
        let held = pending
        try commitPending(waiting: !waitedToClose)
        guard pending > 0 else { return }
        waitedToClose = true
        throw DownloadError.io(
          path: path,
          reason: "another program kept a read transaction open on it (database is locked), so the last \(held) "
            + "entr\(held == 1 ? "y" : "ies") of this run could not be recorded; the images are kept and the next "
            + "run records them")
      }
    } catch let error as SQLiteError {
      throw DownloadError.io(path: path, reason: error.description)
    }
  }

  /// Runs `body` under `lock`, SQLite's failures (a full disk) told as the record's: a write error, naming it.
  func locked<T>(_ body: () throws -> T) throws -> T {
    do {
      return try lock.withLock(body)
    } catch let error as SQLiteError {
      throw DownloadError.io(path: path, reason: error.description)
    }
  }

  /// Runs `body` in the open transaction (beginning one), then commits if `commitNow` or the batch is full. Call
  /// under `lock`.
  func write(commitNow: Bool, _ body: () throws -> Void) throws {
    if readOnly {
      // The look-ups' read transaction ends before a write: SQLite refuses at once to turn a read into a write
      // while another process (a shard) writes, where a new write transaction waits its turn.
      readOnly = false
      try database.execute("COMMIT")
    }
    if !database.inTransaction {
      pending = 0
      try database.execute("BEGIN IMMEDIATE")
    }
    pending += 1
    try body()
    if commitNow || pending > batch { try commitPending(waiting: !heldUp) }
  }

  /// Commits the open transaction. A reader holding the file up (`SQLITE_BUSY` once the wait is over) leaves the
  /// rows pending, as SQLite keeps the transaction open: a later commit of the run takes them, or `flush` says so.
  /// Call under `lock`.
  func commitPending(waiting: Bool) throws {
    // Rows of a transaction SQLite rolled back itself (a full disk) are gone: nothing to commit.
    guard pending > 0, database.inTransaction else {
      pending = 0
      return
    }
    do {
      try database.commit(waiting: waiting)
      pending = 0
      heldUp = false
    } catch let error as SQLiteError where error.isBusy {
      heldUp = true
    }
  }
}
