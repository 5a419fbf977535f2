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

  @Option(help: Self.versionsHelp)
  var versions: PhotoFilter.Versions = .newest

  /// `--versions`' help, one wording for every command that has the flag.
  static let versionsHelp: ArgumentHelp = "Versions of a frame NASA re-sends: newest (each frame once) or all."

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

  /// Whether these flags filter by frame metadata (Mars time, site, drive, sequence).
  var asksFrameMetadata: Bool { lmst != nil || site != nil || drive != nil || sequence != nil }

  /// `base` for a listing filtered by these flags and named by `template`: with frame filters or frame placeholders,
  /// `--service auto` asks only a service that carries the metadata (NASA's raw feeds; the PDS for MER).
  func options(_ base: RawFeedOptions, template: NameTemplate? = nil) -> RawFeedOptions {
    var options = base
    options.needsFrameMetadata = asksFrameMetadata || !(template?.frameMetadataPlaceholders.isEmpty ?? true)
    return options
  }

  /// Refuses, before any request (exit 64), Mars time asked of a service that never has it: the Photos-API copies
  /// (nebulum, Mars Vista v1, api.nasa.gov) give no LMST, and no service gives Spirit's or Opportunity's (the PDS
  /// labels local true solar time). Site, drive and sequence come from the file names there, and a photo whose
  /// name lacks one (a Mastcam frame's site) is filtered out or named `unknown`, as documented.
  func checkService(_ settings: ConnectionSettings, rover: String?, template: NameTemplate?) throws {
    let what: String
    if lmst != nil {
      what = "--lmst"
    } else if template?.frameMetadataPlaceholders.contains("lmst") == true {
      what = "{lmst} in --name"
    } else {
      return
    }
    if let rover, let mission = Mission(name: rover), mission == .spirit || mission == .opportunity {
      throw ValidationError(
        "\(what) needs local mean solar time, which no service gives for \(mission) (the PDS has local true solar time)"
      )
    }
    guard case .preset(let preset) = settings.service, ![.nasaRaw, .pds].contains(preset) else { return }
    let use = rover.map { FallbackService.frameMetadataService(for: $0).rawValue } ?? ServicePreset.nasaRaw.rawValue
    throw ValidationError(
      "\(what) needs each frame's Mars time, which \(preset.rawValue) does not give; use --service \(use)")
  }

  /// One line on stderr (none under `-q`) when the newest-version default left older versions of re-sent frames
  /// out of a listing: how many, and how to list them. Data output (JSON included) is unchanged. The one wording
  /// for every command that lists with that default (`photos`, `fetch-image`, `pairs`, `sequences`, `sync`,
  /// `watch`), each of which takes `--versions all`.
  static func sayOlderVersions(_ count: Int) {
    guard count > 0 else { return }
    StandardError.line("rover: \(olderVersionsText(count))")
  }

  /// The words for `count` older versions left out (``Notice/olderVersionsLeftOut(count:)``).
  static func olderVersionsText(_ count: Int) -> String {
    let versions = count == 1 ? "1 older version" : "\(count) older versions"
    return "\(versions) of re-sent frames left out (only the newest of each is listed); --versions all lists them"
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
