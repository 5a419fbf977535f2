import Foundation
import RoverTestSupport
import Testing

/// The progress line on a narrow terminal (a 40-column pseudo-terminal from `script`): every redraw fits the width,
/// so none wraps and leaves a stale line, and a total still growing is marked provisional until the listing ends.
@Suite struct ProgressBarTests {
  /// Each redraw of the bar, as the terminal was sent it (not the lines printed after clearing it).
  static func draws(_ output: String) -> [String] {
    output.components(separatedBy: "\r\u{1B}[2K").dropFirst().compactMap { segment in
      let line = segment.prefix { !$0.isNewline }
      guard let first = line.first, first == "[" || first.isNumber else { return nil }
      return String(line)
    }
  }

  @Test func aSyncAtFortyColumnsFitsAndItsTotalIsNeverFalselyFinal() async throws {
    var sols: [Int: [MockRawImage]] = [:]
    for sol in 10...15 { sols[sol] = (0..<4).map { SyncCommandTests.frame(sol: sol, $0) } }
    let feeds = try MockRawFeeds(dataset: MockRawDataset(imagesByRover: [MockRawDataset.perseverance: sols]))
    defer { feeds.stop() }
    feeds.inject(.delay(0.05), times: .max, pathPrefix: "/images/")
    feeds.inject(.delay(0.2), times: .max, pathPrefix: "/rss/")
    let dir = try TestDirectory.make("rover-cli")
    let result = try await PseudoTerminal.run(
      CLI.options(feeds) + ["sync", "perseverance", "-o", dir.path, "--sol", "10..", "-j", "2"], columns: 40)
    #expect(result.exitCode == 0, "\(result)")
    let draws = Self.draws(result.stdout)
    #expect(!draws.isEmpty, "\(result.stdout.debugDescription)")
    for draw in draws {
      #expect(draw.count <= 39, "\(draw.debugDescription) is wider than the terminal")
      // `done/total`, `+` after a total the listing may still grow.
      let count = try #require(draw.split(separator: " ").first { $0.contains("/") && $0.first?.isNumber == true })
      if !count.hasSuffix("+") {
        #expect(count.split(separator: "/").last == "24", "\(draw): a total shown as final must be the whole")
      }
    }
    #expect(draws.contains { $0.contains("24/24") && !$0.contains("+") }, "\(draws)")
  }
}

/// The ETA (issue 37, point 2): reckoned once a few photos set the rate, from the total expected, though the
/// listing has not yet said its total is final; on a narrow terminal the ETA gives way before the count does.
@Suite struct ProgressETATests {
  func draws(columns: Int) async throws -> [String] {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.delay(0.02), times: .max, pathPrefix: "/images/")
    let dir = try TestDirectory.make("rover-cli")
    let result = try await PseudoTerminal.run(
      [
        "--base-url", api.baseURL.absoluteString, "fetch-image", "curiosity", "--sol", "1007", "-o", dir.path, "-j",
        "2",
      ],
      columns: columns)
    #expect(result.exitCode == 0, "\(result)")
    return ProgressBarTests.draws(result.stdout)
  }

  @Test func anETAIsShownOnceTheRateIsSteady() async throws {
    let draws = try await draws(columns: 80)
    let timed = draws.filter { $0.range(of: #"ETA \d+:\d\d"#, options: .regularExpression) != nil }
    #expect(!timed.isEmpty, "\(draws)")
    for draw in draws where draw.contains("ETA") {
      // Never before the rate has a few photos behind it.
      let count = try #require(draw.split(separator: " ").first { $0.contains("/") && $0.first?.isNumber == true })
      let done = Int(count.split(separator: "/")[0]) ?? 0
      #expect(done >= 5 || draw.contains("--:--"), "\(draw)")
    }
  }

  @Test func atFortyColumnsTheCountStaysAndNothingWraps() async throws {
    let draws = try await draws(columns: 40)
    #expect(!draws.isEmpty)
    for draw in draws {
      #expect(draw.count <= 39, "\(draw.debugDescription)")
      #expect(draw.range(of: #"\d+/\d+"#, options: .regularExpression) != nil, "\(draw)")
    }
  }
}
