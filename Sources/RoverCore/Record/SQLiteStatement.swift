internal import CSQLite

/// A prepared statement, reused for every photo: preparing costs more than running.
package final class SQLiteStatement {
  private let statement: OpaquePointer
  private unowned let database: SQLiteDatabase

  init(_ statement: OpaquePointer, database: SQLiteDatabase) {
    self.statement = statement
    self.database = database
  }

  deinit {
    sqlite3_finalize(statement)
  }

  package enum Value {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
  }

  /// Binds `values` to the parameters in order, after resetting the statement from its last run.
  @discardableResult
  package func bind(_ values: [Value]) -> SQLiteStatement {
    sqlite3_reset(statement)
    sqlite3_clear_bindings(statement)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      switch value {
      case .integer(let number): sqlite3_bind_int64(statement, index, number)
      case .real(let number): sqlite3_bind_double(statement, index, number)
      case .text(let text): sqlite3_bind_text(statement, index, text, -1, rover_sqlite_transient())
      case .null: sqlite3_bind_null(statement, index)
      }
    }
    return self
  }

  /// Advances to the next row; false when there is none (or the statement was not a query).
  package func step() throws -> Bool {
    let code = sqlite3_step(statement)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw SQLiteError(code: code, message: database.lastMessage)
    }
  }

  /// Runs a statement that returns no rows.
  package func run() throws {
    while try step() {}
    sqlite3_reset(statement)
  }

  package func integer(_ column: Int32) -> Int64? {
    sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, column)
  }

  package func real(_ column: Int32) -> Double? {
    sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_double(statement, column)
  }

  package func text(_ column: Int32) -> String? {
    guard let bytes = sqlite3_column_text(statement, column) else { return nil }
    return String(cString: bytes)
  }

  /// The first column of the first row, then resets: for lookups of one value.
  package func firstInteger() throws -> Int64? {
    defer { sqlite3_reset(statement) }
    return try step() ? integer(0) : nil
  }
}
