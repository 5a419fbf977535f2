import ArgumentParser
import RoverCore

extension RoverCommand {
  struct Rovers: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(abstract: "List the rovers and their mission totals.")

    @ParentCommand var root: RoverCommand
    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @OptionGroup var output: OutputOptions

    func validate() throws { try output.requireNotURLs("rovers") }

    func run() async throws {
      let rovers = try await service().rovers()
      try Printer(output).list(rovers)
    }
  }
}
