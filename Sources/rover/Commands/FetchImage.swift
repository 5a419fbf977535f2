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
        Exit codes: 0 all downloaded or skipped, 3 some failed, 74 cannot write, 130 interrupted (143 SIGTERM, \
        129 SIGHUP).
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Photo ids; or a rover name with --sol/--earth-date/--latest; or - to read JSON from stdin.")
    var inputs: [String] = []
    @OptionGroup var selection: PhotoSelectionOptions
    @OptionGroup var rawFeed: RawFeedFlags
    @Option(name: [.short, .customLong("output-dir")], help: ArgumentHelp("Directory to save into.", valueName: "dir"))
    var outputDirectory = "."
    @Option(help: ArgumentHelp("File name template.", valueName: "template")) var name = NameTemplate.defaultPattern
    @Option(name: .shortAndLong, help: ArgumentHelp("Downloads at the same time (1-64).", valueName: "n")) var jobs = 8
    @Option(help: ArgumentHelp("Record finished photos here; a re-run skips them.", valueName: "file"))
    var archive: String?
    @Flag(help: "Download again even if a file or archive entry exists.") var force = false
    @Flag(help: "Write each photo's JSON next to its image (<name>.json).") var metadata = false
    @Flag(help: "Print one JSON object per photo result (JSON Lines) on stdout.") var json = false

    func validate() throws {
      guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 64, got \(jobs)") }
      do { _ = try NameTemplate(name) } catch let error as DownloadError {
        throw ValidationError(error.localizedDescription)
      }
      if selection.isGiven {
        guard inputs.count == 1 else { throw ValidationError("give one rover name with --sol/--earth-date/--latest") }
        try validateRoverName(inputs[0])
      } else if inputs.isEmpty {
        throw ValidationError("give photo ids, a rover with --sol/--earth-date/--latest, or - to read stdin")
      } else if inputs.contains("-"), inputs.count > 1 {
        throw ValidationError("'-' reads photos from stdin and cannot be combined with ids")
      } else if selection.camera != nil {
        throw ValidationError("--camera needs a rover with --sol, --earth-date or --latest")
      }
    }

    func run() async throws {
      let settings = try settings()
      let photos = try await selectedPhotos(settings)
      let report = DownloadReport(json: json, outputDirectory: URL(fileURLWithPath: outputDirectory))
      let progress = ProgressBar()
      let options = DownloadOptions(
        outputDirectory: URL(fileURLWithPath: outputDirectory), template: try NameTemplate(name), jobs: jobs,
        retryPolicy: settings.retryPolicy, timeout: settings.timeout, force: force,
        archive: archive.map { URL(fileURLWithPath: $0) }, writeMetadata: metadata)
      let downloader = Downloader(options: options) { event in
        if case .finished(let result) = event { report.finished(result, progress: progress) }
        if case .warning(let text) = event { progress.message("rover: warning: \(text)") }
        progress.handle(event)
      }
      let summary = try await downloader.run(photos)
      progress.finish()
      StandardError.line(DownloadReport.summaryLine(summary))
      // The failed photo's line already named the write error: exit without saying it twice.
      if summary.fatal != nil { throw ExitCode(ExitStatus.ioError) }
      if summary.interrupted { throw ExitCode(ExitStatus.interrupted) }
      if summary.failed > 0 { throw ExitCode(ExitStatus.someDownloadsFailed) }
    }

    private func selectedPhotos(_ settings: ConnectionSettings) async throws -> [Photo] {
      if inputs == ["-"] {
        return try PhotoInput.parse(FileHandle.standardInput.readDataToEndOfFile())
      }
      let service = try service(rawFeed.options, settings: settings)
      if selection.isGiven {
        let query = PhotoQuery(rover: inputs[0], selection: try selection.selection(), camera: selection.camera)
        return try await service.photos(query)
      }
      return try await PhotoLookup.photos(ids: inputs.map(PhotoID.init(argument:)), from: service)
    }
  }
}
