import ArgumentParser
import Foundation
import RoverCore
import RoverMirror

extension RoverCommand {
  struct Sync: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract: "Keep a directory a mirror of a rover's photos: only what is new, plus late arrivals.",
      discussion: """
        The first run downloads the selection; later runs list only the sols not yet finished plus the last \
        --lookback sols (NASA publishes late frames there), and fetch nothing twice. The selection (rover, --sol \
        or --earth-date, --camera, --name) is remembered in DIR's record (.rover-record.sqlite): a later sync \
        without them does the same again; given again, they replace it. A killed sync resumes where it stopped. \
        Only the highest version of a re-sent frame is kept, lower ones are removed (--all-versions keeps all). \
        --shard I/N takes the sols with sol mod N = I-1, so N machines running one command cover every sol once. \
        Runs writing into one DIR take turns where their photos may overlap (another N, no --shard, fetch-image); \
        shards of one N run side by side.
        Exit codes: 0 done, 3 some photos failed, 64 bad usage, 74 cannot write, 130 interrupted (143 SIGTERM).

        EXAMPLES:
          rover sync perseverance -o mirror/ --camera NAVCAM --sol 1000..
          # later runs: what is new, plus late arrivals
          rover sync perseverance -o mirror/
          # one of eight machines
          rover sync curiosity -o mirror/ --shard 3/8
          # what a sync would fetch, fetching nothing
          rover sync perseverance -o mirror/ --dry-run
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @Argument(help: "The rover (optional when DIR already remembers one).", completion: Completions.rovers) var rover:
      String?
    @Option(
      name: [.short, .customLong("output-dir")], help: ArgumentHelp("The mirror directory.", valueName: "dir"),
      completion: .directory)
    var outputDirectory: String
    @Option(
      help: ArgumentHelp("Sols: A..B, or A.. for every sol from A on (default: the whole mission).", valueName: "sol"))
    var sol: String?
    @Option(help: ArgumentHelp("Earth dates (UTC): D1..D2, or one date.", valueName: "date"))
    var earthDate: String?
    @Option(
      name: .customLong("camera"),
      help: ArgumentHelp(
        "Only these cameras: repeat the flag or give a comma list (all: every camera again).", valueName: "name"),
      completion: Completions.cameras)
    var cameraArguments: [String] = []
    @Option(help: ArgumentHelp("File name template (default: \(NameTemplate.defaultPattern)).", valueName: "template"))
    var name: String?
    @Option(help: ArgumentHelp("Recent sols listed again on every run.", valueName: "n"))
    var lookback = 7
    @Option(help: ArgumentHelp("This machine's share: I/N takes the sols with sol mod N = I-1.", valueName: "i/n"))
    var shard: String?
    @Flag(help: "Keep every version of a frame NASA re-sends, not only the highest.") var allVersions = false
    @Option(name: .shortAndLong, help: ArgumentHelp("Downloads at the same time (1-64).", valueName: "n")) var jobs = 8
    @Option(help: ArgumentHelp("Also record finished photos in this file.", valueName: "file"), completion: .file())
    var archive: String?
    @Flag(help: "Write each photo's JSON next to its image (<name>.json).") var metadata = false
    @Flag(help: "List what a sync would fetch (paths, or JSON Lines with --json); download nothing.") var dryRun = false
    @Option(help: ArgumentHelp("With --dry-run: paths (default), urls, or jsonl.", valueName: "format"))
    var format: DryRunFormat?
    @Flag(help: "Print one JSON summary object on stdout at the end.") var json = false
    @OptionGroup var rawFeed: RawFeedFlags
    @OptionGroup(title: "Frame filters") var frames: FrameFilterOptions
    @OptionGroup(title: "Positions") var place: PositionOptions

    enum DryRunFormat: String, ExpressibleByArgument, CaseIterable {
      case paths, urls, jsonl
    }

    /// `--camera all` (in a folder that remembers a camera) mirrors every camera again.
    var cameras: [String] {
      let names = PhotoSelectionOptions.cameras(cameraArguments)
      return names.map { $0.lowercased() } == ["all"] ? [] : names
    }

    func validate() throws {
      guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 64, got \(jobs)") }
      guard lookback >= 0 else { throw ValidationError("--lookback must be 0 or more, got \(lookback)") }
      if let shard, Shard(shard) == nil {
        throw ValidationError("--shard must be I/N with 1 ≤ I ≤ N, got '\(shard)'")
      }
      if sol != nil, earthDate != nil { throw ValidationError("give --sol or --earth-date, not both") }
      if let sol { _ = try PhotoSelectionOptions.sols(sol) }
      if let earthDate { _ = try PhotoSelectionOptions.dates(earthDate) }
      if let name {
        do { _ = try NameTemplate(name) } catch let error as DownloadError {
          throw ValidationError(ExitStatus.message(for: error))
        }
      }
      if let rover { try validateRoverName(rover) }
      if format != nil, !dryRun { throw ValidationError("--format lists what a sync would fetch: give --dry-run too") }
    }

    /// The parts of the selection given on the command line.
    var given: SyncPlan.Given {
      SyncPlan.Given(
        rover: rover, sol: sol, earthDate: earthDate, cameras: cameraArguments.isEmpty ? nil : cameras, name: name)
    }

    func run() async throws {
      let settings = try syncSettings()
      let shard = self.shard.flatMap(Shard.init)
      let folder = try await openFolder(shard: shard)
      defer { folder.close() }
      do {
        let plan = try makePlan(folder.record)
        try await mirror(plan, in: folder, shard: shard, settings: settings)
      } catch {
        if ExitStatus.report(for: error)?.code == ExitStatus.usage { folder.discardIfStarted() }
        throw error
      }
    }

    static func range(_ selection: SyncSelection) throws -> PhotoRange {
      var days = PhotoRange.Days.sols(lower: 0, upper: nil)
      if let sol = selection.sol {
        switch try PhotoSelectionOptions.sols(sol) {
        case .single(.sol(let one)): days = .sols(lower: one, upper: one)
        case .range(let range): days = range
        default: break
        }
      } else if let date = selection.earthDate {
        switch try PhotoSelectionOptions.dates(date) {
        case .single(.earthDate(let one)): days = .earthDates(lower: one, upper: one)
        case .range(let range): days = range
        default: break
        }
      }
      return PhotoRange(rover: selection.rover, days: days, cameras: selection.cameras)
    }
  }
}
