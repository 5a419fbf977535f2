import Foundation
import RoverTestSupport
import Testing

/// Help on narrow and standard terminals (issue 37, point 5), on a pseudo-terminal of that width.
@Suite struct HelpWidthTests {
  /// The EXAMPLES block's lines as the terminal shows them.
  static func examples(_ output: String) -> [String] {
    let lines = PseudoTerminal.lines(output)
    guard let start = lines.firstIndex(of: "EXAMPLES:") else { return [] }
    return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
  }

  /// The shell commands the examples spell (comments left out), continuation lines joined, spaces collapsed.
  static func commands(_ lines: [String]) -> [String] {
    var commands: [String] = []
    var pending = ""
    for line in lines {
      var text = line.trimmingCharacters(in: .whitespaces)
      if pending.isEmpty, text.hasPrefix("#") { continue }
      let continues = text.hasSuffix(" \\")
      if continues { text = String(text.dropLast(2)) }
      pending += (pending.isEmpty ? "" : " ") + text
      if !continues {
        commands.append(pending.split(separator: " ").joined(separator: " "))
        pending = ""
      }
    }
    return commands
  }

  @Test(arguments: ["fetch-image", "sync", "watch", "photos"])
  func examplesStayCopyableAtFortyAndUnwrappedAtEighty(command: String) async throws {
    let narrow = try await PseudoTerminal.run([command, "--help"], columns: 40)
    let wide = try await PseudoTerminal.run([command, "--help"], columns: 80)
    #expect(narrow.exitCode == 0 && wide.exitCode == 0)
    let narrowLines = Self.examples(narrow.stdout)
    let wideLines = Self.examples(wide.stdout)
    #expect(!narrowLines.isEmpty && !wideLines.isEmpty, "\(narrow.stdout)")
    for line in narrowLines {
      #expect(line.count <= 39, "\(line.debugDescription) wraps at 40 columns")
      // Never re-flowed to column 0: every line is a command, a comment or an indented continuation.
      #expect(line.hasPrefix("  "), "\(line.debugDescription)")
    }
    for line in wideLines { #expect(line.count <= 79, "\(line.debugDescription) wraps at 80 columns") }
    // Each command pastes as the same command at either width.
    #expect(Self.commands(narrowLines) == Self.commands(wideLines))
  }

  @Test func theConnectionOptionsFitFortyColumns() async throws {
    let result = try await PseudoTerminal.run(["photos", "--help"], columns: 40)
    let lines = PseudoTerminal.lines(result.stdout)
    let start = try #require(lines.firstIndex { $0.hasPrefix("CONNECTION OPTIONS") })
    for line in lines[(start + 1)...].prefix(while: { !$0.isEmpty }) {
      #expect(line.count <= 40, "\(line.debugDescription)")
    }
  }

  @Test func watchShowsEachDefaultOnce() async throws {
    let result = try await CLI.run(["watch", "--help"])
    #expect(result.stdout.components(separatedBy: "(default: 10m)").count - 1 == 1, "\(result.stdout)")
    #expect(!result.stdout.contains("default 10m"))
  }

  @Test(arguments: [["config"], ["cache", "info"]])
  func settingsCommandsListNoNetworkOptions(command: [String]) async throws {
    let result = try await CLI.run(command + ["--help"])
    #expect(result.exitCode == 0)
    for flag in ["--timeout", "--retries", "--offline", "--limit-rate", "--sleep", "--max-age", "--no-cache"] {
      #expect(!result.stdout.contains(flag), "\(command) help lists \(flag)")
    }
  }
}
