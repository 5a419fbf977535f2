internal import CSQLite

/// A failure of SQLite, with its result code (`SQLITE_CORRUPT`, `SQLITE_NOTADB` mean a damaged file).
struct SQLiteError: Error, CustomStringConvertible {
  var code: Int32
  var message: String

  var isDamagedFile: Bool {
    let primary = code & 0xFF
    return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
  }

  var description: String { message.isEmpty ? "SQLite error \(code)" : message }
}
