import ArgumentParser
import RoverCore

extension RoverCommand {
  struct Manifest: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      commandName: "manifest", abstract: "Show a rover's mission summary.",
      discussion: """
        The per-sol list is long (thousands of sols); it is printed only with --sols.

        EXAMPLES:
          rover manifest curiosity
          rover manifest perseverance --sols --format csv
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @Argument(help: "Rover name, e.g. curiosity.", completion: Completions.rovers) var rover: String
    @Flag(help: "Include the per-sol list.") var sols = false
    @OptionGroup var rawFeed: RawFeedFlags
    @OptionGroup var output: OutputOptions

    func validate() throws {
      try validateRoverName(rover)
    }

    func run() async throws {
      let client = try client(rawFeed.options)
      var manifest = try await client.manifest(of: rover)
      if sols, manifest.sols.isEmpty {
        // Services without a per-sol manifest (nasa-raw) list their recent sols instead.
        manifest.sols = try await client.sols(of: rover)
      }
      let printer = Printer(output)
      switch (sols, printer.format) {
      case (true, .table), (true, .csv):
        try printer.list(manifest.sols)
      case (true, _):
        try printer.object(manifest, pairs: [], columns: [], row: [])
      case (false, _):
        try printer.object(
          ManifestSummary(manifest), pairs: manifest.rover.manifestPairs, columns: Rover.fields,
          row: manifest.rover.fieldValues)
      }
    }
  }
}

extension Rover {
  var manifestPairs: [(String, String)] {
    [
      ("rover", name), ("status", status.rawValue), ("launch", launchDate?.description ?? "-"),
      ("landing", landingDate?.description ?? "-"), ("max sol", maxSol.map(String.init) ?? "-"),
      ("max date", maxDate?.description ?? "-"), ("photos", totalPhotos.map(String.init) ?? "-"),
    ]
  }
}
