internal import CSQLite
import Foundation

/// One connection to an SQLite file: the record of an output directory and `watch`'s state, where a plain file
/// would have to be read whole into memory (a mission is tens of thousands of photos) and could not be shared by
/// two processes without a lock of our own. Not thread-safe: each owner holds it under its own lock.
final class SQLiteDatabase {
  let path: String
  private var handle: OpaquePointer?

  /// Opens (creating) `path`, refusing a symbolic link as its last component.
  init(path: String) throws {
    self.path = path
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK else {
      let error = SQLiteError(code: code, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "")
      sqlite3_close(handle)
      handle = nil
      throw error
    }
    // Another process's transaction is short (a batch of photos): wait for it rather than fail.
    sqlite3_busy_timeout(handle, 30_000)
  }

  deinit {
    sqlite3_close(handle)
  }

  func execute(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    defer { sqlite3_free(message) }
    guard code == SQLITE_OK else {
      throw SQLiteError(code: code, message: message.map { String(cString: $0) } ?? lastMessage)
    }
  }

  func prepare(_ sql: String) throws -> SQLiteStatement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else { throw SQLiteError(code: code, message: lastMessage) }
    return SQLiteStatement(statement, database: self)
  }

  /// Runs `body` in one transaction: everything or nothing reaches the file.
  func transaction<T>(_ body: () throws -> T) throws -> T {
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

  var lastMessage: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "not open" }
}
