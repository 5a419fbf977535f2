import ArgumentParser
import Foundation
import RoverCore

extension RoverCommand {
  struct Services: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      commandName: "services",
      abstract: "Which services answer now, how fast, and the newest sol each knows of each rover.",
      discussion: """
        One request per service and rover, all at once, 5 s at most (--timeout given: that long), no retry, no cache. \
        Exit codes: 0 at least one service answers, 69 none does.

        EXAMPLES:
          rover services
          rover services --json
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @OptionGroup var output: OutputOptions

    func run() async throws {
      var probe = ServiceProbe(settings: try settings())
      // A slow link: --timeout, when given, is the probe's wait too.
      if (connection.timeout ?? root.connection.timeout) != nil { probe.timeout = probe.settings.timeout }
      let results = try await probe.run()
      try Printer(output).list(results)
      if !results.contains(where: \.reachable) { throw ExitCode(ExitStatus.unavailable) }
    }
  }
}

extension ServiceProbe.Result: Tabular {
  static let columns = ["SERVICE", "ROVER", "REACHABLE", "LATENCY", "MAX SOL", "ERROR"]
  static let numericColumns: Set<Int> = [3, 4]

  var cells: [String] {
    [
      service, rover, reachable ? "yes" : "no", latencyMS.map { "\($0) ms" } ?? "-", maxSol.map(String.init) ?? "-",
      error ?? "",
    ]
  }

  static let fields = ["service", "rover", "reachable", "latency_ms", "max_sol", "error"]

  var fieldValues: [String?] {
    [service, rover, reachable ? "true" : "false", latencyMS.map(String.init), maxSol.map(String.init), error]
  }
}
