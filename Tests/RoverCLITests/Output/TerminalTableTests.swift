import Foundation
import RoverTestSupport
import Testing

/// Tables as a person at a terminal sees them (issue 37, point 7), on a pseudo-terminal.
@Suite struct TerminalTableTests {
  /// `TERM=dumb` says the terminal has no attributes: no bold header, no status line erased; another gets them.
  @Test func aDumbTerminalGetsNoBold() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let arguments = ["--base-url", api.baseURL.absoluteString, "rovers"]
    let dumb = try await PseudoTerminal.run(arguments, columns: 100, environment: ["TERM": "dumb"])
    #expect(dumb.exitCode == 0, "\(dumb)")
    #expect(dumb.stdout.contains("NAME") && !dumb.stdout.contains("\u{1B}["), "\(dumb.stdout.debugDescription)")
    let xterm = try await PseudoTerminal.run(arguments, columns: 100, environment: ["TERM": "xterm"])
    #expect(xterm.stdout.contains("\u{1B}[1m"), "\(xterm.stdout.debugDescription)")
  }

  /// An empty result says so under the header, on a terminal; a pipe gets the header alone.
  @Test func anEmptyResultSaysSoUnderTheHeader() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    #expect(api.dataset.photos(rover: "Curiosity", sol: 1003).isEmpty)
    let arguments = ["--base-url", api.baseURL.absoluteString, "photos", "curiosity", "--sol", "1003"]
    let shown = try await PseudoTerminal.run(arguments, columns: 100, environment: ["TERM": "dumb"])
    #expect(shown.exitCode == 0, "\(shown)")
    let lines = PseudoTerminal.lines(shown.stdout).filter { !$0.isEmpty }
    #expect(lines.count == 2 && lines.first?.hasPrefix("ID") == true, "\(lines)")
    #expect(lines.last == "(nothing found)", "\(lines)")
    let piped = try await CLI.run(["photos", "curiosity", "--sol", "1003"], against: api)
    #expect(!piped.stdout.contains("nothing found"), "\(piped.stdout)")
  }
}
