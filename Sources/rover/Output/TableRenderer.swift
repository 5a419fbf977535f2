import RoverCore

/// Aligned text tables and RFC 4180 CSV.
enum TableRenderer {
  /// How a table is laid out: aligned for a person at a terminal (fitted to its width), tab-separated for a
  /// program reading a pipe (as gh does), so `cut -f` and `awk -F'\t'` work on any cell.
  enum Layout {
    case aligned(width: Int?)
    case tabSeparated

    static var current: Layout { Terminal.stdoutIsTTY ? .aligned(width: Terminal.stdoutWidth) : .tabSeparated }
  }

  /// Said under the header of an aligned table with no rows.
  static let emptyNotice = "(nothing found)"

  static func table(
    columns: [String], rows: [[String]], numeric: Set<Int> = [], color: Bool, layout: Layout = .aligned(width: nil)
  ) -> String {
    // Cells come from servers: escape what a terminal would act on, before measuring widths.
    let rows = rows.map { $0.map { ControlCharacters.escaped($0) } }
    guard case .aligned(let available) = layout else {
      let clean = { (cell: String) in cell.replacingOccurrences(of: "\t", with: " ") }
      let header = columns.joined(separator: "\t")
      return (color ? "\u{1B}[1m\(header)\u{1B}[0m" : header) + "\n"
        + rows.map { $0.map(clean).joined(separator: "\t") + "\n" }.joined()
    }
    var values = columns.map { _ in 0 }
    for row in rows {
      for (index, cell) in row.enumerated() where index < values.count {
        values[index] = max(values[index], DisplayWidth.of(cell))
      }
    }
    var widths = zip(columns, values).map { max(DisplayWidth.of($0), $1) }
    var gap = "  "
    if let available {
      let natural = widths
      widths = fitted(natural, into: available, keeping: numeric, headers: columns, values: values)
      // Headers cut even so (many columns, a narrow terminal): one space between columns buys each some room.
      if zip(widths, columns).contains(where: { $0 < DisplayWidth.of($1) }) {
        gap = " "
        widths = fitted(natural, into: available, keeping: numeric, headers: columns, values: values, gap: 1)
      }
    }
    func line(_ cells: [String]) -> String {
      var parts: [String] = []
      for (index, cell) in cells.enumerated() {
        let shown = DisplayWidth.truncated(cell, to: widths[index])
        let pad = String(repeating: " ", count: max(0, widths[index] - DisplayWidth.of(shown)))
        let isLast = index == cells.count - 1
        parts.append(numeric.contains(index) ? pad + shown : (isLast ? shown : shown + pad))
      }
      return parts.joined(separator: gap)
    }
    let header = line(columns)
    var output = (color ? "\u{1B}[1m\(header)\u{1B}[0m" : header) + "\n"
    for row in rows { output += line(row) + "\n" }
    // A person reading a bare header could take it for a failure, or wait for rows; a pipe gets the header alone.
    if rows.isEmpty { output += emptyNotice + "\n" }
    return output
  }

  /// Narrows the widest columns, one column at a time, until the table fits; numbers are never cut. First only
  /// text columns narrow, none below its header or 8 columns; where that is still too wide (a 40-column terminal),
  /// text columns go down to 4 and a number's column to its widest value (a header cut with `…` like a cell), so a
  /// row never wraps into the next. `values` are the widest cells of each column (the headers' not counted).
  static func fitted(
    _ widths: [Int], into available: Int, keeping numeric: Set<Int>, headers: [String], values: [Int]? = nil,
    gap: Int = 2
  ) -> [Int] {
    var widths = widths
    let gaps = gap * max(0, widths.count - 1)
    let values = values ?? widths
    let floors: [(Int) -> Int] = [
      { numeric.contains($0) ? Int.max : max(8, DisplayWidth.of(headers[$0])) },
      { numeric.contains($0) ? max(4, values[$0]) : 4 },
    ]
    let natural = widths
    for floor in floors {
      while widths.reduce(0, +) + gaps > available {
        let candidates = widths.indices.filter { widths[$0] > floor($0) }
        // The widest first; of equals, the rightmost, so two alike columns (pairs' left and right) shrink alike.
        guard let widest = candidates.max(by: { widths[$0] < widths[$1] || (widths[$0] == widths[$1] && $0 < $1) })
        else { break }
        widths[widest] -= 1
      }
    }
    // Columns alike before (pairs' left and right) stay alike: the narrowing may stop between the two.
    for index in widths.indices where !numeric.contains(index) {
      let alike = widths.indices.filter { !numeric.contains($0) && natural[$0] == natural[index] }
      widths[index] = alike.map { widths[$0] }.min() ?? widths[index]
    }
    return widths
  }

  /// RFC 4180 CSV. On a terminal each cell's control characters are shown as escapes first, so a server's line
  /// break cannot draw a row of its own there; piped, cells are exact and quoted where they must be.
  static func csv(columns: [String], rows: [[String]], forTerminal: Bool = Terminal.stdoutIsTTY) -> String {
    func field(_ cell: String) -> String {
      let text = forTerminal ? ControlCharacters.escaped(cell) : cell
      // Bytes, not Characters: "\r\n" is one Character, equal to neither "\r" nor "\n".
      let special: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "\""), 0x0A, 0x0D]
      guard text.utf8.contains(where: special.contains) else { return text }
      return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    return ([columns] + rows).map { $0.map(field).joined(separator: ",") }.joined(separator: "\n") + "\n"
  }

  /// `key  value` lines for one object (a photo, a manifest summary).
  static func keyValues(_ pairs: [(String, String)], plain: Bool = false) -> String {
    if plain { return pairs.map { $0 + "\t" + ControlCharacters.escaped($1) + "\n" }.joined() }
    let width = pairs.map(\.0.count).max() ?? 0
    let lines = pairs.map { key, value -> String in
      key + String(repeating: " ", count: width - key.count) + "  " + ControlCharacters.escaped(value)
    }
    return lines.joined(separator: "\n")
      + "\n"
  }
}
