import Foundation
import RoverTestSupport
import Testing

/// A mirror whose selection grows (issue 37, point 1): every sol finished under the narrower selection is owed
/// again for what was added, outside the look-back window too, and a dry run shows it.
@Suite struct SyncWideningTests {
  func run(_ arguments: [String], _ feeds: MockRawFeeds) async throws -> RoverProcessResult {
    try await CLI.run(arguments, against: feeds)
  }

  @Test(arguments: [["--camera", "NAVCAM_LEFT,MCZ_LEFT"], ["--camera", "all"]])
  func aWiderCameraSetFillsTheFinishedSols(widened: [String]) async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let narrow = ["sync", "perseverance", "-o", dir.path, "--sol", "10..", "--camera", "NAVCAM_LEFT"]
    let first = try await run(narrow + ["--lookback", "0"], feeds)
    #expect(first.exitCode == 0, "\(first)")
    #expect(imagesBelow(dir).count == 6, "\(imagesBelow(dir))")

    // The dry run names the three MCZ_LEFT frames the finished sols now owe, and marks nothing.
    let dry = try await run(["sync", "-o", dir.path, "--lookback", "0", "--dry-run"] + widened, feeds)
    #expect(dry.exitCode == 0, "\(dry)")
    #expect(dry.stdout.split(separator: "\n").count == 3, "\(dry.stdout)")
    #expect(dry.stderr.contains("would list 3 sols (0 up to date)"), "\(dry.stderr)")

    feeds.server.resetLog()
    let wide = try await run(["sync", "-o", dir.path, "--lookback", "0"] + widened, feeds)
    #expect(wide.exitCode == 0, "\(wide)")
    #expect(wide.stderr.contains("3 finished sols are listed again"), "\(wide.stderr)")
    #expect(feeds.requestCount(pathPrefix: "/images/") == 3)
    #expect(imagesBelow(dir).count == 9, "\(imagesBelow(dir))")

    // Then up to date under the wider selection: nothing listed again outside the window.
    let again = try await run(["sync", "-o", dir.path, "--lookback", "0"], feeds)
    #expect(again.exitCode == 0, "\(again)")
    #expect(again.stderr.contains("(3 up to date"), "\(again.stderr)")
  }

  /// A narrower selection owes nothing: the finished sols stay finished.
  @Test func aNarrowerCameraSetOwesNothing() async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let first = try await run(["sync", "perseverance", "-o", dir.path, "--sol", "10..", "--lookback", "0"], feeds)
    #expect(first.exitCode == 0, "\(first)")
    let narrow = try await run(["sync", "-o", dir.path, "--lookback", "0", "--camera", "MCZ_LEFT"], feeds)
    #expect(narrow.exitCode == 0, "\(narrow)")
    #expect(!narrow.stderr.contains("listed again"), "\(narrow.stderr)")
    #expect(narrow.stderr.contains("(3 up to date"), "\(narrow.stderr)")
  }
}

/// `sync --json` (issue 37, point 7): the summary on stdout only, so the README's cron line leaves `sync.err` empty.
@Suite struct SyncJSONSummaryTests {
  @Test func theSummaryIsOnStdoutOnly() async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let result = try await CLI.run(["sync", "perseverance", "-o", dir.path, "--sol", "10..", "--json"], against: feeds)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    let summary = try #require(try CLI.json(result.stdout) as? [String: Any])
    #expect(summary["downloaded"] as? Int == 9, "\(summary)")
  }
}
