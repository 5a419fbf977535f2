import Foundation
import RoverCore

/// Renders results on stdout in the chosen format. Data goes to stdout only; nothing else is written there.
struct Printer {
  let format: OutputFormat
  let color: Bool

  init(format: OutputFormat, color: Bool) {
    self.format = format
    self.color = color
  }

  init(_ options: OutputOptions) {
    format = options.resolved
    color = Terminal.useColor(options.style.color)
  }

  init(_ options: PhotoOutputOptions) {
    format = options.resolved
    color = Terminal.useColor(options.style.color)
  }

  /// A list: table and CSV rows, one JSON array, or one JSON object a line.
  func list<Item: Encodable & Tabular>(_ items: [Item]) throws {
    switch format {
    case .table, .urls:
      // The renderer escaped every cell already; its own header color must reach the terminal as is.
      writeEscaped(
        TableRenderer.table(
          columns: Item.columns, rows: items.map(\.cells), numeric: Item.numericColumns, color: color,
          layout: .current))
    case .csv:
      write(TableRenderer.csv(columns: Item.fields, rows: items.map { $0.fieldValues.map { $0 ?? "" } }))
    case .json, .geojson:
      write(try JSONOutput.document(items))
    case .jsonl:
      write(try JSONOutput.lines(items))
    }
  }

  /// One object: `key  value` lines for a person, the service-shaped object for a program.
  func object<Item: Encodable>(_ item: Item, pairs: [(String, String)], columns: [String], row: [String?]) throws {
    switch format {
    case .table, .urls: writeEscaped(TableRenderer.keyValues(pairs, plain: !Terminal.stdoutIsTTY))
    case .csv: write(TableRenderer.csv(columns: columns, rows: [row.map { $0 ?? "" }]))
    case .json, .geojson: write(try JSONOutput.document(item))
    case .jsonl: write(try JSONOutput.lines([item]))
    }
  }

  /// JSON stays exact (its encoder escapes control characters anyway); other formats on a terminal show control
  /// characters instead of obeying them.
  func write(_ text: String) {
    let safe =
      format == .json || format == .jsonl || !Terminal.stdoutIsTTY
      ? text : ControlCharacters.escaped(text, keepingNewlines: true)
    FileHandle.standardOutput.write(Data(safe.utf8))
  }

  /// JSON's UTF-8 bytes as they are (its writer escaped every control character), without a copy.
  func write(json bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.count, deallocator: .none)
      FileHandle.standardOutput.write(data)
    }
  }

  /// Text whose server-sent parts were escaped already (tables, key-value lines).
  func writeEscaped(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}

/// The stable JSON forms: pretty-printed documents, compact lines, keys in the services' own order and names.
enum JSONOutput {
  /// Laid out as jq prints it (`"key": value`, `[]`), not as Foundation's pretty printer does.
  static func document<T: Encodable>(_ value: T) throws -> String {
    try PrettyJSON.encode(value) + "\n"
  }

  static func lines<T: Encodable>(_ values: [T]) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var output = ""
    for value in values { output += String(decoding: try encoder.encode(value), as: UTF8.self) + "\n" }
    return output
  }
}
