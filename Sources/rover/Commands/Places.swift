import ArgumentParser
import RoverCore

extension RoverCommand {
  struct Places: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      commandName: "places",
      abstract: "NASA's localizations of a rover: sol, site, drive, longitude, latitude, elevation, distance.",
      discussion: """
        From the waypoint files NASA's own mission maps draw (Perseverance and Curiosity), read through the \
        response cache (fresh for a day; --offline works once fetched). One row per localization, in the file's \
        order; `--format geojson` gives a FeatureCollection of Points plus one LineString of the traverse in \
        (site, drive) order. Longitude east and planetocentric latitude in degrees on the Mars 2000 sphere, \
        elevation in metres above the areoid. See docs/positions.md.

        EXAMPLES:
          rover places perseverance
          rover places perseverance --sol 1000..1110 --format csv
          rover places perseverance --format geojson > traverse.geojson
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @Argument(help: "Rover name: perseverance or curiosity.", completion: Completions.rovers) var rover: String
    @Option(
      help: ArgumentHelp("Only localizations of these sols: A, A..B or A.. (the sol a drive ended).", valueName: "sols")
    )
    var sol: String?
    @Option(
      help: ArgumentHelp("Output format (default: table; a tab-separated table when piped).", valueName: "format"))
    var format: PlacesFormat?
    @OptionGroup var style: OutputStyle

    func validate() throws {
      try validateRoverName(rover)
      try style.check(format?.rawValue)
      if let sol { _ = try PhotoSelectionOptions.sols(sol) }
    }

    func run() async throws {
      guard let places = try await client().localizations(of: rover) else {
        throw ServiceError.unavailableRover(name: rover, service: "places")
      }
      let range = try sol.map(Self.range)
      let rows = places.entries.filter { entry in range.map { range in entry.sol.map(range.contains) ?? false } ?? true
      }
      if format == .geojson, !style.json {
        try PlacesGeoJSON.write(rows)
      } else {
        let printer = Printer(
          format: style.json ? .json : (format?.output ?? .table), color: Terminal.useColor(style.color))
        try printer.list(rows.map(PlaceRow.init))
      }
    }

    static func range(_ text: String) throws -> ClosedRange<Int> {
      switch try PhotoSelectionOptions.sols(text) {
      case .single(.sol(let sol)): return sol...sol
      case .range(.sols(let lower, let upper)): return lower...(upper ?? Int.max)
      default: return 0...Int.max
      }
    }
  }
}

/// `rover places --format`: a listing's formats plus GeoJSON.
enum PlacesFormat: String, ExpressibleByArgument, CaseIterable {
  case table, json, jsonl, csv, geojson

  var output: OutputFormat { OutputFormat(rawValue: rawValue) ?? .table }
}

/// The traverse as GeoJSON: each localization a Point with its row as properties, then the path as a LineString.
enum PlacesGeoJSON {
  static func write(_ localizations: [Localization]) throws {
    let writer = GeoJSONWriter()
    for localization in localizations {
      let point = GeoJSONWriter.coordinates(
        lon: localization.longitude, lat: localization.latitude, elevation: localization.elevation)
      try writer.write(.point(point), properties: PlaceRow(localization))
    }
    let path = localizations.sorted { ($0.site, $0.drive) < ($1.site, $1.drive) }.map {
      GeoJSONWriter.coordinates(lon: $0.longitude, lat: $0.latitude, elevation: $0.elevation)
    }
    if path.count >= 2 { try writer.write(.lineString(path), properties: ["name": "traverse"]) }
    writer.finish()
  }
}
