import Foundation
import RoverTestSupport
import Testing

/// The newest-version default says, in one stderr line, what it left out; the data on stdout is the same.
@Suite struct VersionsNoticeTests {
  /// Sol 12 of `SyncCommandTests.feeds()` plus a version 02 of its first frame (constructed, as there).
  static func feeds() throws -> MockRawFeeds {
    let feeds = try SyncCommandTests.feeds()
    feeds.update { data in
      data.imagesByRover[MockRawDataset.perseverance]?[12]?.append(SyncCommandTests.frame(sol: 12, 0, version: 2))
    }
    return feeds
  }

  @Test func oneLineSaysHowManyOlderVersionsAreLeftOut() async throws {
    let feeds = try Self.feeds()
    defer { feeds.stop() }
    let result = try await CLI.run(["photos", "perseverance", "--sol", "12", "--json"], against: feeds)
    #expect(result.exitCode == 0, "\(result)")
    let ids = try CLI.jsonArray(result.stdout).compactMap { $0["id"] as? String }
    #expect(ids.count == 3 && ids.contains(SyncCommandTests.frame(sol: 12, 0, version: 2).id), "\(ids)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result)")
    #expect(result.stderr.contains("1 older version") && result.stderr.contains("--versions all"), "\(result)")

    let all = try await CLI.run(
      ["photos", "perseverance", "--sol", "12", "--json", "--versions", "all"], against: feeds)
    #expect(all.exitCode == 0 && all.stderr.isEmpty, "\(all)")
    #expect(try CLI.jsonArray(all.stdout).count == 4)

    let quiet = try await CLI.run(["photos", "perseverance", "--sol", "12", "--json", "-q"], against: feeds)
    #expect(quiet.exitCode == 0 && quiet.stderr.isEmpty, "\(quiet)")
    #expect(quiet.stdout == result.stdout, "the JSON is the same whether or not the line is said")
  }

  @Test func nothingIsSaidWhenNoVersionIsLeftOut() async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let result = try await CLI.run(["photos", "perseverance", "--sol", "12", "--json"], against: feeds)
    #expect(result.exitCode == 0 && result.stderr.isEmpty, "\(result)")
  }
}
