import ArgumentParser
import Foundation
import RoverCore

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

    /// The selection given on the command line, or nil when none of its flags was.
    private var given: (rover: String?, flags: Bool) {
      (rover, sol != nil || earthDate != nil || !cameraArguments.isEmpty || name != nil)
    }

    func run() async throws {
      var settings = try settings()
      if settings.cacheMode.use == .offline, !dryRun {
        throw ValidationError("--offline cannot download images (they are not cached); add --dry-run to list them")
      }
      // Late frames arrive within a cached answer's lifetime: a sync asks the service (and refreshes the cache),
      // unless told otherwise (--offline, --no-cache, --max-age).
      if settings.cacheMode.use == .normal, settings.cacheMode.maxAge == nil { settings.cacheMode.use = .refresh }
      let shard = self.shard.flatMap(Shard.init)
      let output = URL(fileURLWithPath: outputDirectory)
      let recordPath = output.appendingPathComponent(DownloadRecord.fileName(shard: shard)).path
      let isNew = !FileManager.default.fileExists(atPath: recordPath)
      let (record, scratch) = try await openRecord(output, shard: shard)
      defer { if let scratch { try? FileManager.default.removeItem(at: scratch) } }
      do {
        try await run(record: record, output: output, shard: shard, settings: settings)
      } catch {
        // A run stopped by a usage error (a name template that gives two photos one name) leaves nothing behind
        // in a folder it started: no record, no lock file, no empty folder.
        if isNew, scratch == nil, ExitStatus.report(for: error)?.code == ExitStatus.usage {
          Self.discard(recordPath, in: output)
        }
        throw error
      }
    }

    /// The folder's record; for a dry run, a copy in a scratch folder, so the output folder is not written.
    private func openRecord(_ output: URL, shard: Shard?) async throws -> (DownloadRecord, scratch: URL?) {
      do {
        if dryRun {
          let (record, folder) = try await DownloadRecord.scratchCopy(of: output, shard: shard)
          return (record, folder)
        }
        let record = try await DownloadRecord(outputDirectory: output, shard: shard) {
          StandardError.line("rover: \(NoticeWording.text($0))")
        }
        return (record, nil)
      } catch let error as DownloadError {
        StandardError.error("rover: \(error.localizedDescription)")
        throw ExitCode(ExitStatus.ioError)
      }
    }

    /// Removes what opening a record made in a new folder, and the folder if nothing else is in it.
    private static func discard(_ recordPath: String, in output: URL) {
      for path in [
        recordPath, recordPath + "-journal", output.appendingPathComponent(DownloadRecord.folderLockName).path,
      ] {
        unlink(path)
      }
      rmdir(output.path)
    }

    private func run(record: DownloadRecord, output: URL, shard: Shard?, settings: ConnectionSettings) async throws {
      for notice in Downloader.notices(of: record) {
        StandardError.line("rover: warning: \(NoticeWording.text(notice))")
      }
      let remembered = SyncSelection.remembered(in: record)
      let selection = try resolveSelection(remembered: remembered, record: record)
      // Before the new selection is remembered: a run stopped part-way leaves the rest still owed. A dry run's
      // record is a scratch copy, so it shows the sols owed without marking the folder's.
      if let remembered, selection.widens(remembered) {
        let owed = try record.reopenSols(rover: selection.rover)
        if owed > 0 {
          StandardError.line(
            "rover: sync: the selection grows: \(owed) finished sol\(owed == 1 ? " is" : "s are") listed again")
        }
      }
      let range = try Self.range(selection)
      let template = try NameTemplate(selection.name)
      try frames.checkService(settings, rover: selection.rover, template: template)
      var sync = MissionSync(
        service: try service(
          frames.options(rawFeed.options(keepingRecords: metadata), template: template), settings: settings),
        lookback: lookback, shard: shard,
        events: ClientEventPrinter.handler(verbose: settings.verbose))
      sync.allVersions = allVersions || frames.versions == .all
      sync.filter = try frames.filter()

      if dryRun {
        let report = DryRunReport(
          json: format == .jsonl || (format == nil && json), template: template, outputDirectory: output)
        let urls = format == .urls
        let summary = try await sync.forEachMissing(
          range, record: record, template: template, outputDirectory: output
        ) { photos in
          if urls {
            Printer(format: .urls, color: false).write(photos.map { $0.imageSource + "\n" }.joined())
          } else {
            report.print(photos)
          }
        }
        StandardError.line(
          "rover: would list \(summary.solsListed) sol\(summary.solsListed == 1 ? "" : "s") "
            + "(\(summary.solsUpToDate) up to date)")
        FrameFilterOptions.sayOlderVersions(summary.olderVersions)
        return
      }
      try selection.remember(in: record)
      let presenter = DownloadPresenter(format: nil, outputDirectory: output)
      var options = DownloadOptions(
        outputDirectory: output, template: template, jobs: jobs, retryPolicy: settings.retryPolicy,
        timeout: settings.timeout, archive: archive.map { URL(fileURLWithPath: $0) }, writeMetadata: metadata,
        keepsRecord: true, engine: settings.engine, caFile: settings.caFile)
      options.transferBudget = settings.transferBudget
      options.reportsBytes = presenter.wantsBytes
      options.placement = try place.placement(settings, template: name)
      let summary = try await sync.run(range, record: record, options: options, events: presenter.handle)
      presenter.finish(summary.download)
      PositionOptions.reportUnplaced(options.placement)
      try? record.flush()
      try DownloadPresenter.stopIfUntrusted(summary.download)
      // With --json the summary is the JSON object alone: a cron job's stderr stays empty unless something failed.
      if !json { StandardError.line(SyncReport.line(summary)) }
      FrameFilterOptions.sayOlderVersions(summary.olderVersions)
      if json { Printer(format: .json, color: false).write(try SyncReport.json(summary, selection: selection)) }
      try DownloadPresenter.end(summary.download)
    }

    /// The remembered selection with the parts given now replaced (and the change said before anything is
    /// fetched); another rover starts a selection afresh.
    private func resolveSelection(remembered: SyncSelection?, record: DownloadRecord) throws -> SyncSelection {
      let (rover, flags) = given
      // A rebuilt record that lost its selection must not turn a flagless (cron) sync into the whole mission.
      if remembered == nil, !flags, let aside = record.rebuiltFrom, !record.carriedSettingsOver {
        let damaged = record.copyOf ?? record.path
        let place = record.copyOf == nil ? "set aside as \(aside)" : "a run without --dry-run sets it aside"
        throw ValidationError(
          "\(damaged) was damaged and the selection it remembered cannot be read (\(place)); give it again: "
            + "--sol or --earth-date, --camera, --name")
      }
      guard let rover = rover ?? remembered?.rover else {
        throw ValidationError("give a rover: \(outputDirectory) has no sync to continue")
      }
      if let remembered, remembered.rover == rover.lowercased(), !flags { return remembered }
      var selection = SyncSelection(
        rover: rover, sol: sol, earthDate: earthDate, cameras: cameras, name: name ?? NameTemplate.defaultPattern)
      if let remembered, remembered.rover == selection.rover {
        selection = remembered.restated(
          sol: sol, earthDate: earthDate, cameras: cameraArguments.isEmpty ? nil : cameras, name: name)
      }
      if let remembered, remembered != selection {
        StandardError.line("rover: sync: the selection changes from '\(remembered)' to '\(selection)'")
      }
      return selection
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
