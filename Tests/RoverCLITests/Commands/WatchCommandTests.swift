import Foundation
import RoverTestSupport
import Testing

/// `rover watch` against NASA's raw feeds on a local server whose data changes while it runs.
@Suite struct WatchCommandTests {
  func arguments(_ feeds: MockRawFeeds, _ rest: [String]) -> [String] {
    CLI.options(feeds) + ["watch", "perseverance"] + rest
  }

  func environment(_ state: URL) -> [String: String] {
    CLI.fastRetries.merging(["XDG_STATE_HOME": state.path, "ROVER_WATCH_MINIMUM_INTERVAL": "0.2"]) { $1 }
  }

  func ids(_ stdout: String) throws -> [String] {
    try CLI.jsonLines(stdout).compactMap { $0["id"] as? String }
  }

  /// Sols 10 to 12 have three frames each; the window (latest 12 and one before) holds sols 11 and 12.
  @Test func onceTwiceThenOnlyWhatIsNew() async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let state = try TestDirectory.make("rover-cli")
    let first = try await CLI.run(arguments(feeds, ["--once", "--lookback", "1"]), environment: environment(state))
    #expect(first.exitCode == 0, "\(first)")
    let expected = (11...12).flatMap { sol in (0..<3).map { SyncCommandTests.frame(sol: sol, $0).id } }
    #expect(try ids(first.stdout).sorted() == expected.sorted())

    let second = try await CLI.run(arguments(feeds, ["--once", "--lookback", "1"]), environment: environment(state))
    #expect(second.exitCode == 0, "\(second)")
    #expect(second.stdout.isEmpty, "\(second.stdout)")

    let late = SyncCommandTests.frame(sol: 12, 5)
    feeds.update { $0.imagesByRover[MockRawDataset.perseverance]?[12]?.append(late) }
    let third = try await CLI.run(arguments(feeds, ["--once", "--lookback", "1"]), environment: environment(state))
    #expect(try ids(third.stdout) == [late.id])
  }

  /// A running watch prints a new frame on its next poll, and stops cleanly with exit 0; a restart repeats nothing.
  @Test func runsUntilStoppedAndARestartRepeatsNothing() async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let state = try TestDirectory.make("rover-cli")
    let child = try RoverProcess.start(
      arguments(feeds, ["--interval", "0.3s", "--lookback", "0"]), environment: environment(state))
    try await child.waitUntil("the first poll printed", timeout: 30) { $0.stdout.split(separator: "\n").count == 3 }
    let next = SyncCommandTests.frame(sol: 13, 0)
    feeds.update { $0.imagesByRover[MockRawDataset.perseverance]?[13] = [next] }
    try await child.waitUntil("the new sol printed", timeout: 30) { $0.stdout.contains(next.id) }
    child.send(signal: SIGTERM)
    let result = try await child.wait(timeout: 20)
    #expect(result.exitCode == 0, "\(result)")
    #expect(try ids(result.stdout).count == 4)
    #expect(try Set(ids(result.stdout)).count == 4)

    let again = try await CLI.run(arguments(feeds, ["--once", "--lookback", "0"]), environment: environment(state))
    #expect(again.exitCode == 0, "\(again)")
    #expect(again.stdout.isEmpty)
  }

  /// A rate limit is reported and waited out (at least the server's Retry-After), then the poll succeeds.
  @Test func backsOffOnRateLimits() async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    feeds.inject(.tooManyRequests(retryAfter: 1), times: 8, pathPrefix: "/rss/api")
    let state = try TestDirectory.make("rover-cli")
    let started = Date()
    let child = try RoverProcess.start(
      arguments(feeds, ["--interval", "0.3s", "--lookback", "0", "--retries", "1"]), environment: environment(state))
    try await child.waitUntil("a poll got through", timeout: 60) { $0.stdout.split(separator: "\n").count == 3 }
    let elapsed = Date().timeIntervalSince(started)
    child.send(signal: SIGINT)
    let result = try await child.wait(timeout: 20)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("trying again in 1s"), "\(result.stderr)")
    // Eight 429s at two tries a poll: at least three waits of a second each.
    #expect(elapsed >= 3, "\(elapsed)")
  }

  /// --exec runs without a shell, placeholders filled in each word; --download saves each new photo first.
  @Test func execAndDownloadPerNewPhoto() async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let state = try TestDirectory.make("rover-cli")
    let marks = try TestDirectory.make("rover-cli")
    let images = try TestDirectory.make("rover-cli")
    let result = try await CLI.run(
      arguments(
        feeds,
        [
          "--once", "--lookback", "0", "--download", images.path, "--name", "{id}.{ext}",
          "--exec", "touch '\(marks.path)/{sol} $(x)'-{camera}",
        ]), environment: environment(state))
    #expect(result.exitCode == 0, "\(result)")
    #expect(filesBelow(images).filter { $0.hasSuffix(".jpg") }.count == 3)
    let made = filesBelow(marks)
    #expect(made.contains("12 $(x)-NAVCAM_LEFT"), "\(made)")
    #expect(made.contains("12 $(x)-MCZ_LEFT"), "\(made)")

    let unbalanced = try await CLI.run(
      arguments(feeds, ["--once", "--exec", "echo 'oops"]), environment: environment(state))
    #expect(unbalanced.exitCode == 64)
    #expect(unbalanced.stderr.contains("quote is not closed"), "\(unbalanced.stderr)")
    let short = try await CLI.run(
      arguments(feeds, ["--interval", "5s"]), environment: ["XDG_STATE_HOME": state.path])
    #expect(short.exitCode == 64)
    #expect(short.stderr.contains("--interval must be at least 30s"), "\(short.stderr)")
  }

  /// A camera name from the server is one argument, as written: nothing in it is read as shell syntax.
  @Test func serverTextInExecIsNeverShellSyntax() async throws {
    let hostile = "`touch pwned`;$(touch pwned)&&x"
    var frame = SyncCommandTests.frame(sol: 13, 0)
    frame.instrument = hostile
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    feeds.update { $0.imagesByRover[MockRawDataset.perseverance]?[13] = [frame] }
    let state = try TestDirectory.make("rover-cli")
    let marks = try TestDirectory.make("rover-cli")
    let result = try await CLI.run(
      arguments(feeds, ["--once", "--lookback", "0", "--exec", "touch {camera}"]), environment: environment(state),
      currentDirectory: marks)
    #expect(result.exitCode == 0, "\(result)")
    #expect(filesBelow(marks) == [hostile], "\(filesBelow(marks))")
  }

  /// One transient 500 on an image with `--retries 0` fails that download; the next poll downloads it, without
  /// printing any photo twice.
  @Test func aFailedDownloadIsRetriedOnTheNextPoll() async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    feeds.inject(.serverError, times: 1, pathPrefix: "/images/")
    let state = try TestDirectory.make("rover-cli")
    let images = try TestDirectory.make("rover-cli")
    let options = [
      "--once", "--lookback", "0", "--retries", "0", "--download", images.path, "--name", "{id}.{ext}",
    ]
    let first = try await CLI.run(arguments(feeds, options), environment: environment(state))
    #expect(first.exitCode == 3, "\(first)")
    #expect(try ids(first.stdout).count == 3)
    #expect(imagesBelow(images).count == 2, "\(imagesBelow(images))")

    let second = try await CLI.run(arguments(feeds, options), environment: environment(state))
    #expect(second.exitCode == 0, "\(second)")
    #expect(second.stdout.isEmpty, "\(second.stdout)")
    #expect(imagesBelow(images).count == 3, "\(imagesBelow(images))")
  }

  /// A damaged state file is started afresh (the window is printed once more), never trusted or fatal.
  @Test func aDamagedStateFileIsRebuilt() async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let state = try TestDirectory.make("rover-cli")
    let first = try await CLI.run(arguments(feeds, ["--once", "--lookback", "0"]), environment: environment(state))
    #expect(first.exitCode == 0, "\(first)")
    let files = filesBelow(state).filter { $0.hasSuffix(".sqlite") }
    #expect(files.count == 1, "\(files)")
    for file in files { try Data(repeating: 0x41, count: 4096).write(to: state.appendingPathComponent(file)) }
    let again = try await CLI.run(arguments(feeds, ["--once", "--lookback", "0"]), environment: environment(state))
    #expect(again.exitCode == 0, "\(again)")
    #expect(try ids(again.stdout) == (try ids(first.stdout)))
  }
}
