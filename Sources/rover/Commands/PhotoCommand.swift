import ArgumentParser
import RoverCore

extension RoverCommand {
  struct PhotoCommand: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      commandName: "photo", abstract: "Show one photo by its id.",
      discussion: """
        EXAMPLES:
          rover photo 102693
          rover photo 102693 --format urls | xargs curl -O
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @Argument(help: "Photo id, e.g. 102693.") var id: String
    @OptionGroup var rawFeed: RawFeedFlags
    @OptionGroup var output: PhotoOutputOptions

    func validate() throws {
      guard !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || "_-.".contains($0) }) else {
        throw ValidationError("invalid photo id '\(id)'")
      }
    }

    func run() async throws {
      let photo = try await service(rawFeed.options).photo(id: PhotoID(argument: id))
      let printer = Printer(output)
      if printer.format == .urls {
        printer.write(photo.imageSource + "\n")
      } else {
        try printer.object(photo, pairs: photo.pairs, columns: Photo.fields, row: photo.fieldValues)
      }
    }
  }
}
