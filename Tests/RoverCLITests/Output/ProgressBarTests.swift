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
    let rover = try RoverProcess.roverExecutableURL().path
    let command =
      "stty cols 40 rows 24; \(rover) --service nasa-raw --base-url \(feeds.baseURL.absoluteString) "
      + "sync perseverance -o \(dir.path) --sol 10.. -j 2"
    let result = try await RoverProcess.run(
      executable: URL(fileURLWithPath: "/usr/bin/script"), arguments: ["-qec", command, "/dev/null"])
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
