internal import CSQLite
import Foundation

/// One connection to an SQLite file: the record of an output directory and `watch`'s state, where a plain file
/// would have to be read whole into memory (a mission is tens of thousands of photos) and could not be shared by
/// two processes without a lock of our own. Not thread-safe: each owner holds it under its own lock.
package final class SQLiteDatabase {
  let path: String
  private var handle: OpaquePointer?
  /// Outlives `handle`, whose busy handler points at it.
  private let busyWait: BusyWait

  /// Opens (creating) `path`, refusing a symbolic link as its last component and a journal that is not a plain
  /// file (``checkCompanions(of:)``). `onWait` is told once if another
  /// program's lock on the file keeps this connection waiting, which it does for up to `busyTimeout` (tests
  /// shorten it; nothing else does).
  /// `readOnly` opens an existing file without ever writing it (a damaged record set aside, read for what it
  /// still holds).
  package init(
    path: String, busyTimeout: Duration = .seconds(30), readOnly: Bool = false,
    onWait: @escaping @Sendable (Notice) -> Void = { _ in }
  ) throws {
    self.path = path
    busyWait = BusyWait(path: path, timeout: busyTimeout, notice: onWait)
    try Self.checkCompanions(of: path)
    let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    let flags = access | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK else {
      let error = SQLiteError(code: code, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "")
      sqlite3_close(handle)
      handle = nil
      throw error
    }
    sqlite3_busy_handler(
      handle,
      { context, count in
        guard let context else { return 0 }
        return Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue().again(after: count) ? 1 : 0
      }, Unmanaged.passUnretained(busyWait).toOpaque())
  }

  deinit {
    // `_v2`: statements still alive (released after the database) would make `sqlite3_close` refuse and leave the
    // connection, its open transaction and its locks, open for good; this closes it when the last one goes.
    sqlite3_close_v2(handle)
  }

  package func execute(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    defer { sqlite3_free(message) }
    guard code == SQLITE_OK else {
      throw SQLiteError(code: code, message: message.map { String(cString: $0) } ?? lastMessage)
    }
  }

  package func prepare(_ sql: String) throws -> SQLiteStatement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else { throw SQLiteError(code: code, message: lastMessage) }
    return SQLiteStatement(statement, database: self)
  }

  /// Runs `body` in one transaction: everything or nothing reaches the file.
  package func transaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let value = try body()
      try execute("COMMIT")
      return value
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Commits the open transaction. Without `waiting`, a reader holding the file up fails it at once (`SQLITE_BUSY`)
  /// instead of after the busy wait; either way SQLite keeps the transaction open, so it can be committed later.
  func commit(waiting: Bool) throws {
    busyWait.enabled = waiting
    defer { busyWait.enabled = true }
    try execute("COMMIT")
  }

  /// Whether a transaction is open: SQLite rolls one back itself on some failures (a full disk).
  var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  var lastMessage: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "not open" }

  /// A file that is not a database, or a damaged one, fails here rather than part-way through a run; so does one
  /// with a trigger, which rover never makes and which could refuse or undo every write.
  package func checkIntact() throws {
    let check = try prepare("PRAGMA quick_check")
    guard try check.step() else { throw SQLiteError.unusable("quick_check returned nothing") }
    let answer = check.text(0) ?? ""
    guard answer == "ok" else {
      let found = answer.split(separator: "\n").filter { !$0.hasPrefix("***") }.joined(separator: "; ")
      throw SQLiteError.unusable("quick_check: " + String(found.prefix(100)))
    }
    if try prepare("SELECT 1 FROM sqlite_master WHERE type = 'trigger' LIMIT 1").firstInteger() != nil {
      throw SQLiteError.unusable("a trigger rover never made")
    }
  }

  /// Runs what makes and first uses rover's tables: an answer that says they are not as rover made them (a table
  /// of another program under the same name) makes the file `unusable`, so it is set aside, not failed on for ever.
  package func asRoverMadeIt<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SQLiteError where error.isForeignSchema {
      throw SQLiteError.unusable("not rover's tables: " + error.message)
    }
  }

  /// Another program's lock (a `sqlite3` shell, a backup tool; another rover takes the file's own lock first):
  /// waited for up to `timeout` (30 s), as a busy timeout would, but said once rather than hanging silently.
  private final class BusyWait {
    let path: String
    let notice: @Sendable (Notice) -> Void
    /// In waits of 20 ms.
    let limit: Int32
    let seconds: Int
    var told = false
    /// Off for a commit that is tried again later in the run rather than waited for.
    var enabled = true

    init(path: String, timeout: Duration, notice: @escaping @Sendable (Notice) -> Void) {
      self.path = path
      self.notice = notice
      let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
      limit = Int32(clamping: max(0, milliseconds / 20))
      seconds = Int(timeout.components.seconds)
    }

    /// Whether to try again after `count` waits of 20 ms for this lock.
    func again(after count: Int32) -> Bool {
      guard enabled, count < limit else { return false }
      if !told {
        told = true
        notice(.waitingForDatabase(path: path, seconds: seconds))
      }
      usleep(20_000)
      return true
    }
  }
}
