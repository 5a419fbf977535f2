/// Something that prints as a row of a table or CSV.
protocol Tabular {
  static var columns: [String] { get }
  /// Columns holding numbers, right-aligned in tables.
  static var numericColumns: Set<Int> { get }
  var cells: [String] { get }
}

extension Tabular {
  static var numericColumns: Set<Int> { [] }
}
