import ArgumentParser
import RoverCore

extension RoverCommand {
  struct Sols: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      commandName: "sols", abstract: "List the sols that have photos, with their Earth dates, counts and cameras.",
      discussion: """
        EXAMPLES:
          rover sols curiosity --from 1000 --to 1010
          rover sols perseverance --camera MCZ_LEFT --format jsonl
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @Argument(help: "Rover name, e.g. curiosity.", completion: Completions.rovers) var rover: String
    @Option(
      help: ArgumentHelp(
        "First sol to list (default: the first; on nasa-raw the last \(RawFeedClient.defaultSols) sols, at most "
          + "\(RawFeedClient.maxSolRange) at once).", valueName: "sol"))
    var from: Int?
    @Option(help: ArgumentHelp("Last sol to list (default: the latest).", valueName: "sol")) var to: Int?
    @Option(help: ArgumentHelp("Only sols where this camera took photos.", valueName: "name")) var camera: String?
    @OptionGroup var rawFeed: RawFeedFlags
    @OptionGroup var output: OutputOptions

    func validate() throws {
      try validateRoverName(rover)
      if let from, from < 0 { throw ValidationError("--from must be 0 or more, got \(from)") }
      if let to, to < 0 { throw ValidationError("--to must be 0 or more, got \(to)") }
      if let from, let to, from > to { throw ValidationError("--from \(from) is after --to \(to)") }
    }

    func run() async throws {
      let range: ClosedRange<Int>? = from == nil && to == nil ? nil : (from ?? 0)...(to ?? Int.max)
      try Printer(output).list(try await client(rawFeed.options).sols(of: rover, in: range, camera: camera))
    }
  }
}
