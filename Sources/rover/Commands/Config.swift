import ArgumentParser
import RoverCore

extension RoverCommand {
  struct Config: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      commandName: "config",
      abstract: "Show the resolved connection settings and where each came from (the key is redacted).",
      discussion: """
        EXAMPLES:
          rover config
          rover config --service marsvista --json
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
      let report = ConfigReport(try settings())
      Printer(format: .table, color: false).write(json ? try JSONOutput.document(report) : report.text)
    }
  }
}
