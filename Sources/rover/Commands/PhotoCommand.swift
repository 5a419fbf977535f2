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
    @Flag(help: "Add lon, lat, elevation and position_method (null when unknown) from NASA's localizations.")
    var positions = false
    @OptionGroup var output: PhotoOutputOptions

    func validate() throws {
      guard !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || "_-.".contains($0) }) else {
        throw ValidationError("invalid photo id '\(id)'")
      }
    }

    func run() async throws {
      let client = try client(rawFeed.options)
      var photo = try await client.photo(id: PhotoID(argument: id))
      let placement = positions || output.format == .geojson ? client.placement() : nil
      if let placement { photo = try await placement.apply([photo])[0] }
      let printer = Printer(output)
      switch printer.format {
      case .urls: printer.write(photo.imageSource + "\n")
      case .geojson:
        let writer = GeoJSONWriter()
        writer.write(GeoJSONWriter.geometry(photo.position), json: PhotoJSONLine.line(photo).dropLast() + "")
        writer.finish()
      default:
        let extra = placement == nil ? [] : Photo.positionFields
        let values = placement == nil ? [] : photo.positionValues
        try printer.object(photo, pairs: photo.pairs, columns: Photo.fields + extra, row: photo.fieldValues + values)
      }
    }
  }
}
