import ArgumentParser
import RoverCore

extension RoverCommand {
  struct Photos: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      commandName: "photos",
      abstract: "List a rover's photos for a sol, an Earth date, a range of either, or its latest sol.",
      discussion: """
        Every page is fetched and merged unless --page is given. A range is listed sol by sol, and JSON Lines, \
        URLs and CSV are printed as each sol completes. A sol listed short of the service's own count is a \
        warning, and with --strict exit code 3.

        EXAMPLES:
          rover photos curiosity --sol 1000 --camera mast
          rover photos curiosity --sol 1000..1100 --camera MAST --format jsonl
          rover photos perseverance --earth-date 2024-05-01..2024-05-31 --json
          rover photos spirit --latest --format urls
          rover photos perseverance --sol 1110 --positions --json
          rover photos perseverance --sol 1100..1120 --format geojson > photos.geojson
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @Argument(help: "Rover name, e.g. curiosity.", completion: Completions.rovers) var rover: String
    @OptionGroup var selection: PhotoSelectionOptions
    @OptionGroup(title: "Frame filters") var frames: FrameFilterOptions
    @OptionGroup var rawFeed: RawFeedFlags
    @Option(help: ArgumentHelp("Fetch only this page (from 1).", valueName: "n")) var page: Int?
    @Option(
      help: ArgumentHelp(
        "Photos per page with --page, 1-1000 (default: the service's own page size, 25 on the Photos API).",
        valueName: "n"))
    var perPage: Int?
    @Flag(help: "Exit 3 when a sol lists fewer photos than the service counts for it.") var strict = false
    @OptionGroup(title: "Positions") var place: PositionOptions
    @OptionGroup var output: PhotoOutputOptions

    func validate() throws {
      try validateRoverName(rover)
      _ = try selection.days()
      if let page, page < 1 { throw ValidationError("--page must be 1 or more, got \(page)") }
      if let perPage, !(1...1000).contains(perPage) {
        throw ValidationError("--per-page must be between 1 and 1000, got \(perPage)")
      }
      if perPage != nil, page == nil { throw ValidationError("--per-page needs --page") }
      if page != nil, case .range = try selection.request(rover: rover).plan {
        throw ValidationError("--page lists one page of one sol or date, not a range, several cameras or --limit")
      }
    }

    func run() async throws {
      let request = try pagedRequest()
      let settings = try settings()
      try frames.checkService(settings, rover: rover, template: nil)
      var client = try client(frames.options(rawFeed.options), filter: try frames.filter(), settings: settings)
      client.checksCounts = strict
      let placement = try place.placement(client, format: output.format?.rawValue)
      let printer = PhotoStreamPrinter(Printer(output), positions: placement != nil)
      let outcome = try await printer.print(client, request, placement: placement)
      FrameFilterOptions.sayOlderVersions(outcome.olderVersions)
      PositionOptions.reportUnplaced(placement)
      if strict, !outcome.shortfalls.isEmpty { throw ExitCode(ExitStatus.someDownloadsFailed) }
    }

    /// The selection, narrowed to one page with `--page`.
    private func pagedRequest() throws -> PhotoRequest {
      var request = try selection.request(rover: rover)
      request.page = page.map { PhotoRequest.Page($0, size: perPage) }
      return request
    }
  }
}
