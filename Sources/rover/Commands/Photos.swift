import ArgumentParser
import RoverCore

extension RoverCommand {
  struct Photos: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      abstract: "List a rover's photos for a sol, an Earth date, or its latest sol.",
      discussion: "Every page is fetched and merged unless --page is given.")

    @ParentCommand var root: RoverCommand
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Rover name, e.g. curiosity.") var rover: String
    @OptionGroup var selection: PhotoSelectionOptions
    @OptionGroup var rawFeed: RawFeedFlags
    @Option(help: ArgumentHelp("Fetch only this page (from 1).", valueName: "n")) var page: Int?
    @Option(help: ArgumentHelp("Photos per page with --page.", valueName: "n")) var perPage: Int?
    @OptionGroup var output: OutputOptions

    func validate() throws {
      try validateRoverName(rover)
      _ = try selection.selection()
      if let page, page < 1 { throw ValidationError("--page must be 1 or more, got \(page)") }
      if let perPage, !(1...1000).contains(perPage) {
        throw ValidationError("--per-page must be between 1 and 1000, got \(perPage)")
      }
      if perPage != nil, page == nil { throw ValidationError("--per-page needs --page") }
    }

    func run() async throws {
      let paging: Paging = page.map { .page($0, perPage: perPage) } ?? .all
      let query = PhotoQuery(
        rover: rover, selection: try selection.selection(), camera: selection.camera, paging: paging)
      let photos = try await service(rawFeed.options).photos(query)
      let printer = Printer(output)
      if printer.format == .urls {
        printer.write(photos.map { $0.imageSource + "\n" }.joined())
      } else {
        try printer.list(photos)
      }
    }
  }
}
