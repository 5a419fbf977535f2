import Foundation
import RoverCore
import RoverTestSupport
import Testing

/// The newest-version default says, in one stderr line, what it left out; the data on stdout is the same. Every
/// command that lists with that default says it in the same words.
@Suite struct VersionsNoticeTests {
  /// Sol 12 of `SyncCommandTests.feeds()` plus a version 02 of its first frame (constructed, as there).
  static func feeds() throws -> MockRawFeeds {
    let feeds = try SyncCommandTests.feeds()
    feeds.update { data in
      data.imagesByRover[MockRawDataset.perseverance]?[12]?.append(SyncCommandTests.frame(sol: 12, 0, version: 2))
    }
    return feeds
  }

  /// What a program on RoverCore sees of the same default: one typed notice with the count, when the stream ends.
  @Test func aStreamSaysHowManyOlderVersionsItLeftOut() async throws {
    let feeds = try Self.feeds()
    defer { feeds.stop() }
    var settings = ConnectionSettings(service: .preset(.nasaRaw), baseURL: feeds.baseURL)
    settings.cacheMode = CacheMode(.disabled)
    let notices = Locked<[Notice]>([])
    let client = try PhotoClient(settings: settings) { event in
      if case .warning(let notice) = event { notices.withLock { $0.append(notice) } }
    }
    var listed = 0
    for try await _ in client.photos(of: "perseverance", sol: 12) { listed += 1 }
    #expect(listed == 3)
    let counts = notices.current.compactMap { if case .olderVersionsLeftOut(let count) = $0 { count } else { nil } }
    #expect(counts == [1], "\(notices.current)")
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

  /// The line `photos` says for sol 12 of ``feeds()``: the one wording the other commands must repeat.
  static func photosLine(_ feeds: MockRawFeeds) async throws -> String {
    let photos = try await CLI.run(["photos", "perseverance", "--sol", "12", "--json"], against: feeds)
    #expect(photos.exitCode == 0 && photos.stderr.contains("1 older version"), "\(photos)")
    return photos.stderr
  }

  @Test(arguments: ["pairs", "sequences"])
  func pairsAndSequencesSayItToo(_ command: String) async throws {
    let feeds = try Self.feeds()
    defer { feeds.stop() }
    let line = try await Self.photosLine(feeds)
    let result = try await CLI.run([command, "perseverance", "--sol", "12", "--json"], against: feeds)
    #expect(result.exitCode == 0 && result.stderr == line, "\(result)")
    let photos = try Self.photoCount(command, CLI.jsonArray(result.stdout))
    #expect(photos == 3, "\(result.stdout)")

    let all = try await CLI.run(
      [command, "perseverance", "--sol", "12", "--json", "--versions", "all"], against: feeds)
    #expect(all.exitCode == 0 && all.stderr.isEmpty, "\(all)")
    #expect(try Self.photoCount(command, CLI.jsonArray(all.stdout)) == 4, "\(all.stdout)")

    let quiet = try await CLI.run([command, "perseverance", "--sol", "12", "--json", "-q"], against: feeds)
    #expect(quiet.exitCode == 0 && quiet.stderr.isEmpty, "\(quiet)")
    #expect(quiet.stdout == result.stdout, "the JSON is the same whether or not the line is said")
  }

  /// Photos in `pairs` JSON (each side of each entry) or `sequences` JSON (each sequence's count).
  static func photoCount(_ command: String, _ entries: [[String: Any]]) -> Int {
    if command == "sequences" { return entries.compactMap { $0["count"] as? Int }.reduce(0, +) }
    return entries.map { entry in ["left", "right"].filter { entry[$0] is [String: Any] }.count }.reduce(0, +)
  }

  @Test func syncSaysItOnARunAndADryRun() async throws {
    let feeds = try Self.feeds()
    defer { feeds.stop() }
    let line = try await Self.photosLine(feeds)
    let dir = try TestDirectory.make("rover-cli")
    let arguments = ["sync", "perseverance", "-o", dir.path, "--sol", "12", "--name", "{id}.{ext}"]
    let dry = try await CLI.run(arguments + ["--dry-run", "--format", "urls"], against: feeds)
    #expect(dry.exitCode == 0 && dry.stderr.hasSuffix(line), "\(dry)")
    #expect(dry.stdout.split(separator: "\n").count == 3, "\(dry.stdout)")
    let run = try await CLI.run(arguments, against: feeds)
    #expect(run.exitCode == 0 && run.stderr.hasSuffix(line), "\(run)")
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasPrefix(".") }
    #expect(files.count == 3, "\(files)")
    let all = try await CLI.run(arguments + ["--dry-run", "--versions", "all"], against: feeds)
    #expect(all.exitCode == 0 && !all.stderr.contains("older version"), "\(all)")
  }

  /// A running watch lists the look-back window on every poll; each older version is said once, on the first.
  @Test func watchSaysEachOlderVersionOnce() async throws {
    let feeds = try Self.feeds()
    defer { feeds.stop() }
    let line = try await Self.photosLine(feeds)
    let state = try TestDirectory.make("rover-cli")
    let environment = CLI.fastRetries.merging(
      ["XDG_STATE_HOME": state.path, "ROVER_WATCH_MINIMUM_INTERVAL": "0.2"]) { $1 }
    let child = try RoverProcess.start(
      CLI.options(feeds) + ["watch", "perseverance", "--interval", "0.3s", "--lookback", "0"],
      environment: environment)
    try await child.waitUntil("the first poll printed", timeout: 30) { $0.stdout.split(separator: "\n").count == 3 }
    let late = SyncCommandTests.frame(sol: 12, 5)
    feeds.update { $0.imagesByRover[MockRawDataset.perseverance]?[12]?.append(late) }
    try await child.waitUntil("a later poll printed", timeout: 30) { $0.stdout.contains(late.id) }
    child.send(signal: SIGTERM)
    let result = try await child.wait(timeout: 20)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr == line, "\(result)")
  }
}
