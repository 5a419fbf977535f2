import ArgumentParser
import RoverCore

extension RoverCommand {
  struct Manifest: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show a rover's mission summary.",
      discussion: "The per-sol list is long (thousands of sols); it is printed only with --sols.")

    @ParentCommand var root: RoverCommand
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Rover name, e.g. curiosity.") var rover: String
    @Flag(help: "Include the per-sol list.") var sols = false
    @OptionGroup var output: OutputOptions

    func validate() throws {
      try validateRoverName(rover)
      try output.requireNotURLs("manifest")
    }

    func run() async throws {
      var manifest = try await service().manifest(rover: rover)
      if !sols { manifest.sols = [] }
      let printer = Printer(output)
      if sols, printer.format == .table || printer.format == .csv {
        try printer.list(manifest.sols)
        return
      }
      let summary = manifest.rover
      try printer.object(
        manifest, pairs: summary.manifestPairs(solCount: manifest.sols.count, listed: sols),
        columns: Rover.columns, row: summary.cells)
    }
  }
}

extension Rover {
  func manifestPairs(solCount: Int, listed: Bool) -> [(String, String)] {
    [
      ("rover", name), ("status", status.rawValue), ("launch", launchDate?.description ?? "-"),
      ("landing", landingDate?.description ?? "-"), ("max sol", maxSol.map(String.init) ?? "-"),
      ("max date", maxDate?.description ?? "-"), ("photos", totalPhotos.map(String.init) ?? "-"),
    ]
  }
}
