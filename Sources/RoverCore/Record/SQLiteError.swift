internal import CSQLite
import Foundation

/// A failure of SQLite, with its result code (`SQLITE_CORRUPT`, `SQLITE_NOTADB` mean a damaged file).
package struct SQLiteError: Error, CustomStringConvertible {
  var code: Int32
  var message: String

  /// A file SQLite opens but rover cannot use (a damaged page, tables that are not rover's, a setting it cannot
  /// read): treated as damaged, so it takes the same way out as a file that is not a database at all.
  static func unusable(_ message: String) -> SQLiteError { SQLiteError(code: SQLITE_CORRUPT, message: message) }

  package var isDamagedFile: Bool {
    let primary = code & 0xFF
    return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
  }

  /// What SQLite answers about tables or columns that are not as rover made them (no such column, a view where a
  /// table should be, a constraint rover never wrote): a property of the file, not of the machine. A full disk, a
  /// read-only file or a lock (`SQLITE_FULL`, `SQLITE_READONLY`, `SQLITE_BUSY`, I/O errors) is none of these, and
  /// never costs a good file.
  var isForeignSchema: Bool {
    let primary = code & 0xFF
    return primary == SQLITE_ERROR || primary == SQLITE_CONSTRAINT || primary == SQLITE_MISMATCH
  }

  /// Another connection's lock outlasted the busy wait: for a commit, a reader's open transaction.
  var isBusy: Bool { code & 0xFF == SQLITE_BUSY }

  /// A full disk in the system's words ("No space left on device"), as an image that fills it is told, rather
  /// than SQLite's "database or disk is full".
  package var description: String {
    if code & 0xFF == SQLITE_FULL { return String(cString: strerror(ENOSPC)) }
    return message.isEmpty ? "SQLite error \(code)" : message
  }
}
