/// Something that prints as a row of a table or CSV.
protocol Tabular {
  static var columns: [String] { get }
  /// Columns holding numbers, right-aligned in tables.
  static var numericColumns: Set<Int> { get }
  var cells: [String] { get }
  /// CSV's header: the JSON field names, so a column means the same in both.
  static var fields: [String] { get }
  /// CSV's cells: nil (a JSON null) is an empty field, not the table's "-".
  var fieldValues: [String?] { get }
}

extension Tabular {
  static var numericColumns: Set<Int> { [] }
}
