import Foundation
import RoverTestSupport

/// Runs `rover` on a pseudo-terminal of a given width (`script` makes one; `stty` sizes it), as a person at a
/// narrow or wide terminal would see it: stdout and stderr both arrive on the terminal, so in `stdout`.
enum PseudoTerminal {
  static func run(
    _ arguments: [String], columns: Int, environment: [String: String] = [:]
  ) async throws -> RoverProcessResult {
    let rover = try RoverProcess.roverExecutableURL().path
    let words = ([rover] + arguments).map(quoted).joined(separator: " ")
    let command = "stty cols \(columns) rows 24; exec \(words)"
    return try await RoverProcess.run(
      executable: URL(fileURLWithPath: "/usr/bin/script"), arguments: ["-qec", command, "/dev/null"],
      environment: environment)
  }

  /// One word for `sh`, whatever it holds.
  static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// The lines a terminal shows, carriage returns and line feeds alike ending one.
  static func lines(_ output: String) -> [String] {
    output.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: .newlines)
  }
}
