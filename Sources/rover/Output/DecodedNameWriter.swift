import ArgumentParser
import Foundation
import RoverCore

#if canImport(Glibc)
  import Glibc
#endif

/// Prints decoded names as they come, so memory stays flat however many are piped in: JSON opens its array at the
/// first name and closes it at the end, CSV and the tab-separated table write their header once (nothing at all
/// for no names). Only the aligned table of a terminal keeps its rows, to size its columns.
struct DecodedNameWriter {
  let printer: Printer
  private var alignedRows: [[String]]?
  private var pending = ""
  private var count = 0

  init(printer: Printer) {
    self.printer = printer
    alignedRows = printer.format == .table && Terminal.stdoutIsTTY ? [] : nil
  }

  mutating func add(_ item: DecodedName) {
    defer { count += 1 }
    switch printer.format {
    case .json, .geojson: pending += (count == 0 ? "[\n" : ",\n") + item.json(pretty: true)
    case .jsonl: pending += item.json(pretty: false) + "\n"
    case .csv:
      if count == 0 { pending += Self.csvLine(DecodedName.fields) }
      pending += Self.csvLine(item.fieldValues.map { $0 ?? "" })
    case .table, .urls:
      guard alignedRows == nil else {
        alignedRows?.append(item.cells)
        return
      }
      if count == 0 {
        pending += TableRenderer.table(
          columns: DecodedName.columns, rows: [], color: printer.color, layout: .tabSeparated)
      }
      // The renderer's tab-separated row: every cell escaped, so no tab or newline can split it.
      pending += item.cells.map { ControlCharacters.escaped($0) }.joined(separator: "\t") + "\n"
    }
    if pending.utf8.count >= 65_536 { flush() }
  }

  /// Writes what is pending: before a read that may wait, before a message on stderr, and at the end.
  mutating func flush() {
    guard !pending.isEmpty else { return }
    if printer.format == .table || printer.format == .urls {
      printer.writeEscaped(pending)
    } else {
      printer.write(pending)
    }
    pending = ""
  }

  mutating func finish() {
    if printer.format == .json { pending += count == 0 ? "[]\n" : "\n]\n" }
    if let rows = alignedRows, !rows.isEmpty {
      pending += TableRenderer.table(
        columns: DecodedName.columns, rows: rows, numeric: DecodedName.numericColumns, color: printer.color,
        layout: .current)
    }
    flush()
  }

  /// One CSV record with the renderer's RFC 4180 quoting (it writes a header line and no rows).
  private static func csvLine(_ fields: [String]) -> String {
    TableRenderer.csv(columns: fields, rows: [])
  }
}
