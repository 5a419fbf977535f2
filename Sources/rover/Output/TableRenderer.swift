import RoverCore

/// Aligned text tables and RFC 4180 CSV.
enum TableRenderer {
  static func table(columns: [String], rows: [[String]], numeric: Set<Int> = [], color: Bool) -> String {
    // Cells come from servers: escape what a terminal would act on, before measuring widths.
    let rows = rows.map { $0.map { ControlCharacters.escaped($0) } }
    var widths = columns.map(\.count)
    for row in rows {
      for (index, cell) in row.enumerated() where index < widths.count {
        widths[index] = max(widths[index], cell.count)
      }
    }
    func line(_ cells: [String]) -> String {
      var parts: [String] = []
      for (index, cell) in cells.enumerated() {
        let pad = String(repeating: " ", count: max(0, widths[index] - cell.count))
        let isLast = index == cells.count - 1
        parts.append(numeric.contains(index) ? pad + cell : (isLast ? cell : cell + pad))
      }
      return parts.joined(separator: "  ")
    }
    let header = line(columns)
    var output = (color ? "\u{1B}[1m\(header)\u{1B}[0m" : header) + "\n"
    for row in rows { output += line(row) + "\n" }
    return output
  }

  static func csv(columns: [String], rows: [[String]]) -> String {
    func field(_ text: String) -> String {
      guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
      return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    return ([columns] + rows).map { $0.map(field).joined(separator: ",") }.joined(separator: "\n") + "\n"
  }

  /// `key  value` lines for one object (a photo, a manifest summary).
  static func keyValues(_ pairs: [(String, String)]) -> String {
    let width = pairs.map(\.0.count).max() ?? 0
    let lines = pairs.map { key, value -> String in
      key + String(repeating: " ", count: width - key.count) + "  " + ControlCharacters.escaped(value)
    }
    return lines.joined(separator: "\n")
      + "\n"
  }
}
