import ArgumentParser
import RoverCore

extension PhotoFilter.Versions: ExpressibleByArgument {}

/// Filters by what each frame's metadata and file name say, shared by `photos`, `fetch-image`, `sync` and
/// `watch`; applied on the client as each sol is listed. Bad values are named before any request.
struct FrameFilterOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Only frames taken in this window of local mean solar time: HH:MM..HH:MM (may wrap: 22:00..02:00).",
      valueName: "window"))
  var lmst: String?

  @Option(help: ArgumentHelp("Only frames taken at this site, or sites A..B.", valueName: "n"))
  var site: String?

  @Option(help: ArgumentHelp("Only frames taken at this drive, or drives A..B.", valueName: "n"))
  var drive: String?

  @Option(help: ArgumentHelp("Only frames of this sequence id (NCAM03380).", valueName: "id"))
  var sequence: String?

  @Option(help: "Versions of a frame NASA re-sends: newest (each frame once) or all.")
  var versions: PhotoFilter.Versions = .newest

  func validate() throws { _ = try filter() }

  /// The filter these flags describe.
  func filter() throws -> PhotoFilter {
    var filter = PhotoFilter(versions: versions)
    if let lmst {
      guard let window = MarsTimeWindow(parsing: lmst) else {
        throw ValidationError("--lmst must be HH:MM..HH:MM (e.g. 13:00..15:30, or 22:00..02:00), got '\(lmst)'")
      }
      filter.lmst = window
    }
    filter.sites = try site.map { try Self.range($0, flag: "--site") }
    filter.drives = try drive.map { try Self.range($0, flag: "--drive") }
    if let sequence {
      guard !sequence.isEmpty, sequence.count <= 16, sequence.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
      else {
        throw ValidationError("--sequence must be a sequence id such as NCAM03380, got '\(sequence)'")
      }
      filter.sequence = sequence
    }
    return filter
  }

  /// `N` or `A..B`, whole numbers from 0, A ≤ B.
  static func range(_ text: String, flag: String) throws -> ClosedRange<Int> {
    let parts = text.components(separatedBy: "..")
    let numbers = parts.map { Int($0) }
    guard (1...2).contains(parts.count), let lower = numbers.first ?? nil, let upper = numbers.last ?? nil,
      lower >= 0, lower <= upper
    else {
      throw ValidationError("\(flag) must be a number from 0 or a range A..B with A ≤ B, got '\(text)'")
    }
    return lower...upper
  }
}
