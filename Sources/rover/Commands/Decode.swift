import ArgumentParser
import Foundation
import RoverCore

#if canImport(Glibc)
  import Glibc
#endif

extension RoverCommand {
  struct Decode: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "decode",
      abstract: "Decode NASA image file names offline: camera, eye, sol, clock, position, version.",
      discussion: """
        Reads the name alone, with no request and no settings: Perseverance and Ingenuity, Curiosity (engineering \
        cameras; Mastcam, MAHLI, MARDI), Spirit and Opportunity (MER). Takes bare names, image URLs or paths; - \
        reads them from stdin, one a line (blank lines skipped), and prints each as it is read (an aligned table \
        on a terminal waits for the last, to size its columns).

        Fields: mission, camera, eye, color, filter, sol, sclk (the name's clock, seconds), product, thumbnail, \
        site, drive, sequence, tile, downsample, compression, version; null in JSON, empty in CSV and - in the \
        table where the name's grammar has no such field. JSON objects and CSV rows start with "name", the input \
        as given. A name no grammar fits is named on stderr, the others still print, and the exit code is 65.

        EXAMPLES:
          rover decode ZL0_0050_0671382043_081ECM_N0031950ZCAM08013_063085J01.png
          rover decode 1p128287181eff0000p2303l2m1.img 3163MR1003400001403352E01_DXXX
          rover decode FLB_530660118EDR_F0582394FHAZ00318M_.JPG --json | jq '.[].sclk'
          rover photos perseverance --sol 50 --format urls | rover decode - --format csv
        """)

    @OptionGroup var quietFlag: QuietFlag
    @OptionGroup var output: OutputOptions
    @Argument(
      help: ArgumentHelp("File names, image URLs or paths; - reads them from stdin, one a line.", valueName: "name"),
      completion: .file())
    var inputs: [String]

    func validate() throws {
      if inputs.contains("-"), inputs.count > 1 {
        throw ValidationError("'-' reads names from stdin and cannot be combined with names")
      }
    }

    func run() async throws {
      var writer = DecodedNameWriter(printer: Printer(output))
      var failures = 0
      // Close a JSON array even when reading stops early: what was printed stays valid JSON.
      defer { writer.finish() }
      try forEachName(beforeWaiting: { writer.flush() }) { name in
        guard let frame = FrameName(name) else {
          failures += 1
          writer.flush()
          StandardError.error("rover: decode: '\(name)': no NASA file-name grammar fits")
          return
        }
        writer.add(DecodedName(name: name, frame: frame))
      }
      if failures > 0 { throw ExitCode(ExitStatus.dataError) }
    }

    /// Calls `body` with each name: the arguments, or the non-blank lines of stdin for `-`.
    private func forEachName(beforeWaiting: () -> Void, _ body: (String) -> Void) throws {
      guard inputs == ["-"] else {
        for name in inputs {
          try Task.checkCancellation()
          body(name)
        }
        return
      }
      var lines = StandardInputLines()
      do {
        while let line = try lines.next(beforeWaiting: beforeWaiting) {
          if line.contains(where: { !$0.isWhitespace }) { body(line) }
        }
      } catch let failure as StandardInputLines.Failure {
        StandardError.error("rover: decode: cannot read stdin: \(failure.reason)")
        throw ExitCode(ExitStatus.ioError)
      }
      // A pipeline stopped by Ctrl-C ends its input: say it was interrupted, not done.
      try Task.checkCancellation()
    }
  }
}

/// One decoded name as printed: the input as given, then `FrameName`'s sixteen JSON fields in their order.
private struct DecodedName {
  var name: String
  var frame: FrameName

  /// A field's value and how JSON spells it.
  enum Value {
    case text(String?)
    case number(String?)
    case flag(Bool)
  }

  var values: [Value] {
    [
      .text(name), .text(frame.mission.rawValue), .text(frame.camera), .text(frame.eye?.rawValue), .text(frame.color),
      .text(frame.filter), .number(frame.sol.map(String.init)), .number(frame.sclk.flatMap(Self.seconds)),
      .text(frame.product), .flag(frame.thumbnail), .number(frame.site.map(String.init)),
      .number(frame.drive.map(String.init)), .text(frame.sequence), .number(frame.tile.map(String.init)),
      .number(frame.downsample.map(String.init)), .text(frame.compression), .number(frame.version.map(String.init)),
    ]
  }

  /// JSONEncoder's spelling of a clock: whole seconds without `.0`, a fraction in Swift's shortest exact form.
  static func seconds(_ value: Double) -> String? {
    guard value.isFinite else { return nil }
    return value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  /// One JSON object with the keys in `fields` order, written here because JSONEncoder on Linux keeps no key order:
  /// compact for JSON Lines, or pretty-printed as an element of the `--json` array (as JSONEncoder indents it).
  func json(pretty: Bool) -> String {
    var output = pretty ? "  {\n" : "{"
    for (index, (key, value)) in zip(Self.fields, values).enumerated() {
      if index > 0 { output += pretty ? ",\n" : "," }
      output += pretty ? "    \"\(key)\" : " : "\"\(key)\":"
      switch value {
      case .text(let text): output += text.map(Self.jsonString) ?? "null"
      case .number(let number): output += number ?? "null"
      case .flag(let flag): output += flag ? "true" : "false"
      }
    }
    return output + (pretty ? "\n  }" : "}")
  }

  /// A JSON string literal: quotes, backslashes and C0 controls escaped, everything else as is (JSON output stays
  /// exact, as JSONEncoder writes it).
  static func jsonString(_ text: String) -> String {
    let special = { (byte: UInt8) in byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }
    guard text.utf8.contains(where: special) else { return "\"" + text + "\"" }
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }
}

extension DecodedName: Tabular {
  static let fields = [
    "name", "mission", "camera", "eye", "color", "filter", "sol", "sclk", "product", "thumbnail", "site", "drive",
    "sequence", "tile", "downsample", "compression", "version",
  ]

  static let columns = fields

  /// sol, sclk, site, drive, tile, downsample, version.
  static let numericColumns: Set<Int> = [6, 7, 10, 11, 13, 14, 16]

  var cells: [String] {
    values.map { value in
      switch value {
      case .text(let text), .number(let text): return text ?? "-"
      case .flag(let flag): return flag ? "yes" : "no"
      }
    }
  }

  var fieldValues: [String?] {
    values.map { value in
      switch value {
      case .text(let text), .number(let text): return text
      case .flag(let flag): return flag ? "true" : "false"
      }
    }
  }
}

/// Prints decoded names as they come, so memory stays flat however many are piped in: JSON opens its array at the
/// first name and closes it at the end, CSV and the tab-separated table write their header once (nothing at all
/// for no names). Only the aligned table of a terminal keeps its rows, to size its columns.
private struct DecodedNameWriter {
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
    case .json: pending += (count == 0 ? "[\n" : ",\n") + item.json(pretty: true)
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

/// stdin a line at a time through one fixed buffer: memory stays flat however many names are piped, and a line is
/// cut at `maximumLineBytes` (no name is that long; the cut is marked `…`). It waits in short polls, so Ctrl-C is
/// noticed while a terminal or a quiet pipe sends nothing.
private struct StandardInputLines {
  struct Failure: Error { var reason: String }

  static let maximumLineBytes = 8192
  private var buffer = [UInt8](repeating: 0, count: 65_536)
  private var start = 0
  private var end = 0
  private var ended = false

  /// The next line without its line ending, or nil at the end of input; `beforeWaiting` runs before a read that
  /// would block, so output so far reaches the reader of a slow pipe.
  mutating func next(beforeWaiting: () -> Void) throws -> String? {
    var line: [UInt8] = []
    var cut = false
    while true {
      if start == end {
        guard try fill(beforeWaiting) else { return line.isEmpty ? nil : Self.text(line, cut: cut) }
      }
      let chunk = buffer[start..<end]
      let newline = chunk.firstIndex(of: UInt8(ascii: "\n"))
      let piece = chunk[..<(newline ?? end)]
      let room = Self.maximumLineBytes - line.count
      if piece.count > room { cut = true }
      line.append(contentsOf: piece.prefix(room))
      start = newline.map { $0 + 1 } ?? end
      if newline != nil { return Self.text(line, cut: cut) }
    }
  }

  private static func text(_ bytes: [UInt8], cut: Bool) -> String {
    var bytes = bytes[...]
    if !cut, bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
    return String(decoding: bytes, as: UTF8.self) + (cut ? "…" : "")
  }

  /// Reads the next chunk; false at the end of input.
  private mutating func fill(_ beforeWaiting: () -> Void) throws -> Bool {
    guard !ended else { return false }
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    var waited = false
    while true {
      try Task.checkCancellation()
      let ready = poll(&descriptor, 1, waited ? 100 : 0)
      // Ready, or an error that the read below names.
      if ready > 0 || (ready < 0 && errno != EINTR) { break }
      if !waited {
        beforeWaiting()
        waited = true
      }
    }
    var count: Int
    repeat {
      count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
    } while count < 0 && errno == EINTR
    guard count >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
    (start, end, ended) = (0, count, count == 0)
    return count > 0
  }
}
