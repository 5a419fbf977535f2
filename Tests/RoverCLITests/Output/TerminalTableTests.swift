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

  /// Every line of a table on a terminal of `columns`: none wider, so none wraps a row into the next.
  static func expectFits(_ result: RoverProcessResult, columns: Int, _ what: String) {
    #expect(result.exitCode == 0, "\(what): \(result)")
    let lines = PseudoTerminal.lines(result.stdout).filter { !$0.isEmpty && !$0.hasPrefix("rover:") }
    #expect(lines.count >= 2, "\(what): \(result.stdout)")
    for line in lines { #expect(line.count <= columns, "\(what): \(line.debugDescription)") }
  }

  /// Tables fit 40 columns (issue 37, point 5): rovers, photos, cameras, services, pairs.
  @Test func tablesFitFortyColumns() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let base = ["--base-url", api.baseURL.absoluteString]
    for command in [["rovers"], ["photos", "curiosity", "--sol", "1004"], ["cameras", "curiosity"]] {
      let result = try await PseudoTerminal.run(base + command, columns: 40, environment: ["TERM": "dumb"])
      Self.expectFits(result, columns: 40, command.joined(separator: " "))
    }
    let services = try await PseudoTerminal.run(
      ["services"], columns: 40,
      environment: AutoServiceTests.environment(nebulum: api.baseURL, nasaRaw: nil).merging(["TERM": "dumb"]) {
        _, new in new
      })
    Self.expectFits(services, columns: 40, "services")
    let feed = try PairsCommandTests.feed()
    defer { feed.stop() }
    let pairs = try await PseudoTerminal.run(
      ["--service", "nasa-raw", "--base-url", feed.baseURL.absoluteString, "pairs", "perseverance", "--sol", "60"],
      columns: 40, environment: ["TERM": "dumb"])
    Self.expectFits(pairs, columns: 40, "pairs")
    // Both sides of a pair shortened alike.
    let row = try #require(
      PseudoTerminal.lines(pairs.stdout).first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("60 ") },
      "\(pairs.stdout)")
    let words = row.split(separator: " ")  // SOL, LEFT, RIGHT, …
    #expect(words.count > 2 && words[1].count == words[2].count && words[1].hasSuffix("…"), "\(row)")
  }

  /// `decode`'s seventeen columns fit 100 with upper-case headers, so no word is broken across lines.
  @Test func decodeFitsAHundredColumns() async throws {
    let names = [PairsCommandTests.sol60Left, "FLB_397506083RADLF0220178FHAZ00323M1"]
    let result = try await PseudoTerminal.run(["decode"] + names, columns: 100, environment: ["TERM": "dumb"])
    Self.expectFits(result, columns: 100, "decode")
    let header = PseudoTerminal.lines(result.stdout).first ?? ""
    #expect(header.hasPrefix("NAME") && header == header.uppercased(), "\(header)")
  }
}
