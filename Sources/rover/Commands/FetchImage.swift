import ArgumentParser
import Foundation
import RoverCore

extension RoverCommand {
  struct FetchImage: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      commandName: "fetch-image",
      abstract: "Download photos by id, by rover and day, or as JSON piped in (-).",
      discussion: """
        Files are written to a hidden temporary name and renamed only when complete, so a final name always holds \
        a whole image. A re-run skips what is already in place. Name placeholders: \
        \(NameTemplate.placeholders.map { "{\($0)}" }.joined(separator: " ")); default: \(NameTemplate.defaultPattern).
        Exit codes: 0 all downloaded or skipped, 3 some failed, 74 cannot write, 76 a certificate that does not \
        verify (the run stops at the first), 130 interrupted (143 SIGTERM, 129 SIGHUP).

        EXAMPLES:
          rover fetch-image curiosity --sol 1000 -o photos/
          rover fetch-image curiosity --sol 1000..1100 --camera mast,navcam \\
            -o mast/ --name '{sol}/{camera}/{id}.{ext}'
          # what would be written; nothing fetched
          rover fetch-image curiosity --sol 3000.. -o all/ --dry-run
          rover photos curiosity --sol 1000 --format urls | rover fetch-image - -o x/
          rover fetch-image 102693 424905 -o picks/ --metadata
          rover fetch-image perseverance --sol 1000..1200 \\
            --near 77.3235,18.4910 --within 500m -o near-here/
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @Argument(
      help: "Photo ids; or a rover name with --sol/--earth-date/--latest; or - to read JSON from stdin.",
      completion: Completions.rovers)
    var inputs: [String] = []
    @OptionGroup var selection: PhotoSelectionOptions
    @OptionGroup(title: "Frame filters") var frames: FrameFilterOptions
    @OptionGroup var rawFeed: RawFeedFlags
    @Option(
      name: [.short, .customLong("output-dir")], help: ArgumentHelp("Directory to save into.", valueName: "dir"),
      completion: .directory)
    var outputDirectory = "."
    @Option(
      help: ArgumentHelp(
        "File name template (default: \(NameTemplate.defaultPattern); {filename} for URLs piped in). "
          + "Placeholders: {rover} {sol} {earth_date} {camera} {id} {product} {filename} {ext} {sequence} {tile} "
          + "{eye} {lmst} {site} {drive} {version} {lon} {lat} (the last two imply --positions).",
        valueName: "template"))
    var name: String?
    @Option(name: .shortAndLong, help: ArgumentHelp("Downloads at the same time (1-64).", valueName: "n")) var jobs = 8
    @Option(
      help: ArgumentHelp("Record finished photos here; a re-run skips them.", valueName: "file"), completion: .file())
    var archive: String?
    @Flag(help: "Download again even if a file or archive entry exists.") var force = false
    @Flag(help: "Write each photo's JSON next to its image (<name>.json).") var metadata = false
    @Option(
      help: ArgumentHelp(
        "Print each photo's result on stdout as it finishes (default: nothing; with --dry-run: paths).",
        valueName: "format"))
    var format: ResultFormat?
    @Flag(help: "Short for --format jsonl: one JSON object per photo result.") var json = false
    @Flag(help: "Print where each photo would be written (with --json, as JSON Lines); download nothing.")
    var dryRun = false
    @Flag(help: "Exit 3 when a sol lists fewer photos than the service counts for it.") var strict = false
    @OptionGroup(title: "Positions") var place: PositionOptions

    /// `--json` keeps meaning JSON Lines, one result a line, as it always has.
    var resultFormat: ResultFormat? { json ? .jsonl : format }

    func validate() throws {
      if json, let format, format != .jsonl { throw ValidationError("--json conflicts with --format \(format)") }
      if dryRun, format == .csv { throw ValidationError("--dry-run prints paths or jsonl, not csv") }
      guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 64, got \(jobs)") }
      do { _ = try NameTemplate(name ?? NameTemplate.defaultPattern) } catch let error as DownloadError {
        throw ValidationError(ExitStatus.message(for: error))
      }
      if selection.isGiven {
        guard inputs.count == 1 else { throw ValidationError("give one rover name with --sol/--earth-date/--latest") }
        try validateRoverName(inputs[0])
      } else if inputs.count == 1, Mission(name: inputs[0]) != nil {
        throw ValidationError("'\(inputs[0])' is a rover: give --sol, --earth-date or --latest (or photo ids)")
      } else if inputs.isEmpty {
        throw ValidationError("give photo ids, a rover with --sol/--earth-date/--latest, or - to read stdin")
      } else if inputs.contains("-"), inputs.count > 1 {
        throw ValidationError("'-' reads photos from stdin and cannot be combined with ids")
      } else if !selection.cameras.isEmpty || selection.limit != nil {
        throw ValidationError("--camera and --limit need a rover with --sol, --earth-date or --latest")
      }
    }

    func run() async throws {
      let settings = try settings()
      // Listings can come from the response cache; images never do: refuse rather than go online unasked.
      if settings.cacheMode.use == .offline, !dryRun {
        throw ValidationError("--offline cannot download images (they are not cached); add --dry-run to list them")
      }
      // One default for every input: ids name their files alike as arguments or piped in; the default names a URL
      // piped in (no rover, sol or camera) after the URL's own file.
      let template = try NameTemplate(name ?? NameTemplate.defaultPattern)
      try frames.checkService(settings, rover: selection.isGiven ? inputs.first : nil, template: template)
      var client = try client(
        frames.options(rawFeed.options(keepingRecords: metadata), template: template), filter: try frames.filter(),
        settings: settings)
      client.checksCounts = strict
      let (source, placement) = (try source(client), try place.placement(client, template: name))
      if dryRun { return try finish(try await preview(source, template: template, placement: placement), failures: 0) }
      let (outcome, failures) = try await download(source, client: client, template: template, placement: placement)
      try finish(outcome, failures: failures)
    }

    /// What would be written, printed; nothing fetched.
    private func preview(_ source: PhotoSource, template: NameTemplate, placement: PhotoPlacement?) async throws
      -> PhotoClient.ListingOutcome
    {
      let output = URL(fileURLWithPath: outputDirectory)
      var first = true
      let outcome = try await source.forEachBatch { listed in
        let photos = try await placement?.apply(listed) ?? listed
        // The real run's check, on the same first batch: a dry run shows what the run would do.
        if first { try template.checkDistinguishes(photos) }
        first = false
        DryRunReport(json: resultFormat == .jsonl, template: template, outputDirectory: output).print(photos)
      }
      if resultFormat == .jsonl {
        DownloadReport(format: .jsonl, outputDirectory: output).failedLookups(outcome.failedIDs)
      }
      PositionOptions.reportUnplaced(placement)
      return outcome
    }

    /// The download, drawn as it goes and summed up; the photos that failed.
    private func download(
      _ source: PhotoSource, client: PhotoClient, template: NameTemplate, placement: PhotoPlacement?
    ) async throws -> (PhotoClient.ListingOutcome, failures: Int) {
      let output = URL(fileURLWithPath: outputDirectory)
      let presenter = DownloadPresenter(format: resultFormat, outputDirectory: output)
      var options = DownloadOptions(
        outputDirectory: output, template: template, jobs: jobs, force: force,
        archive: archive.map { URL(fileURLWithPath: $0) }, writeMetadata: metadata, keepsRecord: true)
      options.reportsBytes = presenter.wantsBytes
      options.placement = placement
      let (summary, outcome) = try await source.download(with: client.downloader(options, events: presenter.handle))
      presenter.finish(summary)
      PositionOptions.reportUnplaced(placement)
      try DownloadPresenter.stopIfUntrusted(summary)
      // Every id asked for is one result: those the service could not look up are failed records, and counted.
      presenter.report.failedLookups(outcome.failedIDs)
      var counted = summary
      counted.failed += outcome.failedIDs.count
      StandardError.line(DownloadReport.summaryLine(counted))
      try DownloadPresenter.end(summary, failuresEndRun: false)
      return (outcome, summary.failed)
    }

    /// Unknown ids are named; a run where nothing at all was found says why with that error's own code.
    private func finish(_ outcome: PhotoClient.ListingOutcome, failures: Int) throws {
      FrameFilterOptions.sayOlderVersions(outcome.olderVersions)
      // Nothing found at all: that one error, said once, with its own exit code.
      if let first = outcome.failedIDs.first, outcome.listed == 0, outcome.failedIDs.count == 1 { throw first.error }
      for (id, error) in outcome.failedIDs {
        StandardError.error("rover: failed photo \(id): \((error as? LocalizedError)?.errorDescription ?? "\(error)")")
      }
      if let first = outcome.failedIDs.first, outcome.listed == 0 {
        throw ExitCode(ExitStatus.report(for: first.error)?.code ?? ExitStatus.someDownloadsFailed)
      }
      if failures > 0 || !outcome.failedIDs.isEmpty || (strict && !outcome.shortfalls.isEmpty) {
        throw ExitCode(ExitStatus.someDownloadsFailed)
      }
    }

    /// Where the photos come from: stdin, a rover's days, or ids.
    private func source(_ client: PhotoClient) throws -> PhotoSource {
      if inputs == ["-"] { return client.source(reading: PhotoInput()) }
      if selection.isGiven { return client.source(try selection.request(rover: inputs[0])) }
      return client.source(ids: inputs.map(PhotoID.init(argument:)))
    }
  }
}
