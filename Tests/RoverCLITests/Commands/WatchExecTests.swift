import Foundation
import RoverTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `rover watch --exec`: what runs, with which arguments, and what happens to the runs a failure or a stop cut
/// short.
@Suite struct WatchExecTests {
  let tests = WatchCommandTests()

  func arguments(_ feeds: MockRawFeeds, _ rest: [String]) -> [String] {
    tests.arguments(feeds, ["--lookback", "0"] + rest)
  }

  /// The feeds with one more sol, 13, whose frames carry these camera names.
  func feeds(cameras: [String]) throws -> MockRawFeeds {
    let feeds = try SyncCommandTests.feeds()
    let frames = cameras.enumerated().map { index, camera in
      SyncCommandTests.frame(sol: 13, index, instrument: camera)
    }
    feeds.update { $0.imagesByRover[MockRawDataset.perseverance]?[13] = frames }
    return feeds
  }

  /// `watch --once --exec <exec>` run in `directory`, with a state of its own unless `state` is given.
  func once(_ feeds: MockRawFeeds, exec: String, in directory: URL, state: URL? = nil) async throws
    -> RoverProcessResult
  {
    try await CLI.run(
      arguments(feeds, ["--once", "--exec", exec]),
      environment: tests.environment(try state ?? TestDirectory.make("rover-cli")), currentDirectory: directory)
  }

  /// An --exec that failed runs again on the next poll, and one that succeeded does not.
  @Test func aFailedExecRunsAgainOnTheNextPoll() async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let state = try TestDirectory.make("rover-cli")
    let marks = try TestDirectory.make("rover-cli")
    let script = "if [ -e \"$1.tried\" ]; then touch \"$1.done\"; else touch \"$1.tried\"; exit 1; fi"
    let exec = "sh -c '\(script)' sh {id}"
    let first = try await once(feeds, exec: exec, in: marks, state: state)
    #expect(first.exitCode == 3, "\(first)")
    #expect(filesBelow(marks).filter { $0.hasSuffix(".tried") }.count == 3, "\(filesBelow(marks))")

    let second = try await once(feeds, exec: exec, in: marks, state: state)
    #expect(second.exitCode == 0, "\(second)")
    #expect(second.stdout.isEmpty, "\(second.stdout)")
    #expect(filesBelow(marks).filter { $0.hasSuffix(".done") }.count == 3, "\(filesBelow(marks))")

    let third = try await once(feeds, exec: exec, in: marks, state: state)
    #expect(third.exitCode == 0, "\(third)")
    #expect(filesBelow(marks).count == 6, "\(filesBelow(marks))")
  }

  /// A program that is not there, or one the server would choose, is refused before any request.
  @Test(arguments: ["rover-no-such-program {id}", "./rover-no-such-program", "{camera} x"])
  func aMissingProgramIsFoundAtStart(exec: String) async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let state = try TestDirectory.make("rover-cli")
    let result = try await CLI.run(
      arguments(feeds, ["--once", "--exec", exec]), environment: tests.environment(state))
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("--exec"), "\(result.stderr)")
    #expect(feeds.requestCount == 0)
  }

  /// Placeholders are filled once, left to right: a camera named after placeholders stays as the server wrote it.
  @Test func placeholdersInServerTextAreNeverExpanded() async throws {
    let hostile = "{id}{rover}{sol}{earth_date}{url}{path}{camera}"
    let feeds = try feeds(cameras: [hostile])
    defer { feeds.stop() }
    let marks = try TestDirectory.make("rover-cli")
    let result = try await once(feeds, exec: "touch {camera}", in: marks)
    #expect(result.exitCode == 0, "\(result)")
    #expect(filesBelow(marks) == [hostile], "\(filesBelow(marks))")
  }

  /// A server value that would begin an argument with `-` is refused with a warning, never passed as an option;
  /// after a literal `--` it is passed, as the program then reads it as an operand.
  @Test func aValueBeginningWithADashNeverBecomesAnOption() async throws {
    let feeds = try feeds(cameras: ["--version", "MCZ_RIGHT"])
    defer { feeds.stop() }
    let marks = try TestDirectory.make("rover-cli")
    let result = try await once(feeds, exec: "touch {camera}", in: marks)
    #expect(result.exitCode == 3, "\(result)")
    #expect(result.stderr.contains("'--version'"), "\(result.stderr)")
    #expect(!result.stderr.contains("coreutils"), "\(result.stderr)")
    #expect(filesBelow(marks) == ["MCZ_RIGHT"], "\(filesBelow(marks))")

    let separated = try TestDirectory.make("rover-cli")
    let again = try await once(feeds, exec: "touch -- {camera}", in: separated)
    #expect(again.exitCode == 0, "\(again)")
    #expect(filesBelow(separated) == ["--version", "MCZ_RIGHT"], "\(filesBelow(separated))")
  }

  /// SIGTERM or SIGINT while an --exec child runs: the child is signalled, rover stops within seconds, and a
  /// restart runs the execs that had not finished.
  @Test(arguments: [SIGTERM, SIGINT])
  func aStopEndsTheExecAndARestartRunsTheRest(signal: Int32) async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let state = try TestDirectory.make("rover-cli")
    let marks = try TestDirectory.make("rover-cli")
    let pidFile = marks.appendingPathComponent("child.pid")
    let slow = "sh -c 'echo $$ > \(pidFile.path); echo started; exec sleep 300'"
    let child = try RoverProcess.start(
      arguments(feeds, ["--interval", "0.3s", "--exec", slow]), environment: tests.environment(state))
    try await child.waitUntil("the first exec started", timeout: 30) { $0.stderr.contains("started") }
    let pid = try #require(Int32(String(decoding: try Data(contentsOf: pidFile), as: UTF8.self).filter(\.isNumber)))
    child.send(signal: signal)
    // The exec sleeps 300 s: rover ending at all, with the child gone, is the stop reaching it.
    let result = try await child.wait(timeout: 120)
    #expect(result.exitCode == 0, "\(result)")
    #expect(kill(pid, 0) == -1 && errno == ESRCH, "the exec child \(pid) is still running")
    #expect(try tests.ids(result.stdout).count == 3)
    try FileManager.default.removeItem(at: pidFile)

    let again = try await once(feeds, exec: "touch {id}", in: marks, state: state)
    #expect(again.exitCode == 0, "\(again)")
    #expect(again.stdout.isEmpty, "\(again.stdout)")
    #expect(filesBelow(marks) == (try tests.ids(result.stdout)).sorted(), "\(filesBelow(marks))")
  }
}
