import ArgumentParser
import RoverCore

extension RoverCommand {
  struct Rovers: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      commandName: "rovers", abstract: "List the rovers and their mission totals.",
      discussion: """
        EXAMPLES:
          rover rovers
          rover rovers --json | jq -r '.[].name'
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @OptionGroup var output: OutputOptions

    func run() async throws {
      let rovers = try await client().rovers()
      try Printer(output).list(rovers)
    }
  }
}
