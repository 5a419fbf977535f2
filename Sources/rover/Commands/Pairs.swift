import ArgumentParser
import Foundation
import RoverCore

extension RoverCommand {
  struct Pairs: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      commandName: "pairs",
      abstract: "List a sol's stereo pairs: the left and right frames of each exposure, and the frames left alone.",
      discussion: """
        Frames pair by their file names (the two eyes of one exposure share all but the eye, colour and product), \
        confirmed by the feed's metadata where it has them: shutter clocks within 5 s, mast azimuth and elevation \
        within 0.5 degrees, equal subframes. Curiosity's Mastcams and MER's Pancams pair by sequence and clock. \
        Every photo is listed once: a frame without a partner has the other side empty (null in JSON), a mono \
        camera's frame is on the left. Pairs never cross sols: a range is listed sol by sol, each sol printed as \
        it completes. Give a camera group (NAVCAM) or both eyes to --camera, or no right frame will be listed.

        EXAMPLES:
          rover pairs perseverance --sol 60
          rover pairs perseverance --sol 1100..1110 --camera NAVCAM --format jsonl
          rover pairs perseverance --sol 60 --json | jq -r '.[].right.id // empty'
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @Argument(help: "Rover name, e.g. perseverance.", completion: Completions.rovers) var rover: String
    @OptionGroup var selection: FrameSolOptions
    @OptionGroup var rawFeed: RawFeedFlags
    @OptionGroup var output: OutputOptions

    func validate() throws {
      try validateRoverName(rover)
    }

    func run() async throws {
      let settings = try settings()
      let listing = PhotoListing(
        service: try service(rawFeed.options, settings: settings),
        events: ClientEventPrinter.handler(verbose: settings.verbose))
      let printer = FrameListPrinter<StereoPair>(Printer(output))
      _ = try await listing.forEachBatch(try selection.request(rover: rover)) { photos in
        // One sol's photos at a time (a one-sol query gives one batch), so pairs never cross sols.
        try printer.write(StereoPairing.pairs(photos))
      }
      try printer.finish()
    }
  }
}

/// `--sol N|A..B` and `--camera` for the commands that work on whole sols (`pairs`, `sequences`): no Earth dates and
/// no `--limit`, since a pair or a sequence cut in the middle of a sol would be wrong.
struct FrameSolOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Martian day counted from 0 at landing, or an inclusive range: 1000..1100, or 3000.. (to the latest).",
      valueName: "sol"))
  var sol: String

  @Option(
    name: .customLong("camera"),
    help: ArgumentHelp(
      "Only these cameras or groups: repeat the flag or give a comma list (case-insensitive).", valueName: "name"),
    completion: Completions.cameras)
  var cameraArguments: [String] = []

  var cameras: [String] { PhotoSelectionOptions.cameras(cameraArguments) }

  func validate() throws {
    _ = try PhotoSelectionOptions.sols(sol)
    for camera in cameras where camera.isEmpty || camera.contains(where: { $0.isWhitespace || $0 == "/" }) {
      throw ValidationError("invalid --camera '\(camera)'")
    }
  }

  /// One sol with at most one camera is a single query; anything else a range, listed sol by sol.
  func request(rover: String) throws -> PhotoRequest {
    switch try PhotoSelectionOptions.sols(sol) {
    case .single(.sol(let sol)) where cameras.count <= 1:
      return .query(PhotoQuery(rover: rover, selection: .sol(sol), camera: cameras.first))
    case .single(.sol(let sol)):
      return .range(PhotoRange(rover: rover, days: .sols(lower: sol, upper: sol), cameras: cameras))
    case .single, .range(.earthDates):
      throw ValidationError("--sol must be a sol (0 or more) or a range A..B, got '\(sol)'")
    case .range(let days):
      return .range(PhotoRange(rover: rover, days: days, cameras: cameras))
    }
  }
}

/// Prints a listing as it comes, batch by batch: JSON as one array written element by element, JSON Lines and CSV
/// rows at once, the tab-separated table of a pipe at once; only a terminal's aligned table waits for every row,
/// to size its columns.
final class FrameListPrinter<Item: Encodable & Tabular> {
  let printer: Printer
  private var count = 0
  private var alignedRows: [[String]]?
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

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
    case .json:
      var text = count == 0 ? "[\n" : ",\n"
      for (index, item) in items.enumerated() {
        if index > 0 { text += ",\n" }
        text +=
          "  "
          + String(decoding: try encoder.encode(item), as: UTF8.self).replacingOccurrences(
            of: "\n", with: "\n  ")
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
    case .json: printer.write(count == 0 ? "[\n\n]\n" : "\n]\n")
    case .jsonl, .csv: break
    }
  }
}

extension StereoPair: Tabular {
  static var columns: [String] { ["SOL", "LEFT", "RIGHT", "SCLK DIFF", "AZ DIFF", "EL DIFF"] }
  static var numericColumns: Set<Int> { [0, 3, 4, 5] }

  var cells: [String] {
    [sol, left?.id.description, right?.id.description].map { $0 ?? "-" }
      + differences.map { $0 ?? "-" }
  }

  static var fields: [String] {
    [
      "sol", "left_id", "right_id", "left_img_src", "right_img_src", "sclk_difference", "azimuth_difference",
      "elevation_difference",
    ]
  }

  var fieldValues: [String?] {
    [sol, left?.id.description, right?.id.description, left?.imageSource, right?.imageSource] + differences
  }

  private var sol: String? { (left ?? right).map { String($0.sol) } }

  /// As JSON writes the numbers: whole ones without `.0`, others in Swift's shortest exact form.
  private var differences: [String?] {
    [sclkDifference, azimuthDifference, elevationDifference].map { value in
      value.map { $0.rounded() == $0 && abs($0) < 1e15 ? String(Int64($0)) : String($0) }
    }
  }
}
