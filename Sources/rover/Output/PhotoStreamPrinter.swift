import Foundation
import RoverCore

/// Prints photos as they arrive: JSON Lines, URLs and CSV rows at once; JSON as one array written element by
/// element (the same bytes `JSONEncoder` gives for the whole array); a table only at the end, since its columns
/// need every row.
final class PhotoStreamPrinter {
  let printer: Printer
  private var count = 0
  private var tableRows: [Photo] = []

  init(_ printer: Printer) {
    self.printer = printer
  }

  func write(_ photos: [Photo]) throws {
    guard !photos.isEmpty else { return }
    switch printer.format {
    case .table:
      tableRows += photos
    case .urls:
      printer.write(photos.map { $0.imageSource + "\n" }.joined())
    case .jsonl:
      // Written directly (the same bytes as JSONEncoder's): a mission is tens of thousands of lines.
      var text = ""
      for photo in photos { PhotoJSONLine.write(photo, into: &text); text.append("\n") }
      printer.write(text)
    case .csv:
      let rows = photos.map { $0.fieldValues.map { $0 ?? "" } }
      let text = TableRenderer.csv(columns: Photo.fields, rows: rows)
      // The header once, before the first rows.
      printer.write(count == 0 ? text : String(text.drop { $0 != "\n" }.dropFirst()))
    case .json:
      var text = count == 0 ? "[\n" : ",\n"
      // Laid out from the compact line (the same bytes as JSONEncoder's pretty output, at a fraction of its cost).
      var line = ""
      for (index, photo) in photos.enumerated() {
        if index > 0 { text += ",\n" }
        line.removeAll(keepingCapacity: true)
        PhotoJSONLine.write(photo, into: &line)
        text += "  " + PrettyJSON.layout(line, indent: 2)
      }
      printer.write(text)
    }
    count += photos.count
  }

  func finish() throws {
    switch printer.format {
    case .table: try printer.list(tableRows)
    case .csv where count == 0: try printer.list([Photo]())
    case .json: printer.write(count == 0 ? "[]\n" : "\n]\n")
    case .urls, .jsonl, .csv: break
    }
  }
}
