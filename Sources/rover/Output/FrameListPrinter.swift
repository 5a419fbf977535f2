import ArgumentParser
import Foundation
import RoverCore

/// Prints a listing as it comes, batch by batch: JSON as one array written element by element, JSON Lines and CSV
/// rows at once, the tab-separated table of a pipe at once; only a terminal's aligned table waits for every row,
/// to size its columns.
final class FrameListPrinter<Item: Encodable & Tabular> {
  let printer: Printer
  private var count = 0
  private var alignedRows: [[String]]?

  init(_ printer: Printer) {
    self.printer = printer
    if printer.format == .table, case .aligned = TableRenderer.Layout.current { alignedRows = [] }
  }

  func write(_ items: [Item]) throws {
    guard !items.isEmpty else { return }
    switch printer.format {
    case .table, .urls:
      if alignedRows != nil {
        alignedRows? += items.map(\.cells)
      } else {
        let text = TableRenderer.table(
          columns: Item.columns, rows: items.map(\.cells), color: printer.color, layout: .tabSeparated)
        // The header once, before the first rows.
        printer.writeEscaped(count == 0 ? text : String(text.drop { $0 != "\n" }.dropFirst()))
      }
    case .jsonl:
      printer.write(try JSONOutput.lines(items))
    case .csv:
      let text = TableRenderer.csv(columns: Item.fields, rows: items.map { $0.fieldValues.map { $0 ?? "" } })
      printer.write(count == 0 ? text : String(text.drop { $0 != "\n" }.dropFirst()))
    case .json, .geojson:
      var text = count == 0 ? "[\n" : ",\n"
      for (index, item) in items.enumerated() {
        if index > 0 { text += ",\n" }
        text += "  " + (try PrettyJSON.encode(item, indent: 2))
      }
      printer.write(text)
    }
    count += items.count
  }

  func finish() throws {
    switch printer.format {
    case .table, .urls:
      if let rows = alignedRows {
        printer.writeEscaped(
          TableRenderer.table(
            columns: Item.columns, rows: rows, numeric: Item.numericColumns, color: printer.color,
            layout: .current))
      } else if count == 0 {
        printer.writeEscaped(
          TableRenderer.table(columns: Item.columns, rows: [], color: printer.color, layout: .tabSeparated))
      }
    case .csv where count == 0: printer.write(TableRenderer.csv(columns: Item.fields, rows: []))
    case .json, .geojson: printer.write(count == 0 ? "[]\n" : "\n]\n")
    case .jsonl, .csv: break
    }
  }
}

extension ServiceCommand {
  /// `pairs` and `sequences`: lists `rover`'s sols one at a time (a one-sol query is one batch, so nothing crosses
  /// a sol) and prints what `transform` makes of each sol's photos as it completes; then says, as `photos` does, how
  /// many older versions the newest-version default left out.
  func printPerSol<Item: Encodable & Tabular>(
    _ rover: String, _ selection: FrameSolOptions, versions: PhotoFilter.Versions, rawFeed: RawFeedFlags,
    output: OutputOptions,
    _ transform: ([Photo]) -> [Item]
  ) async throws {
    let client = try client(rawFeed.options, filter: PhotoFilter(versions: versions))
    let printer = FrameListPrinter<Item>(Printer(output))
    let outcome = try await client.forEachBatch(try selection.request(rover: rover)) {
      try printer.write(transform($0))
    }
    try printer.finish()
    FrameFilterOptions.sayOlderVersions(outcome.olderVersions)
  }
}
