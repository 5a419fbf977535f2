import Foundation
import RoverTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Files planted where rover keeps its records end a run at once with one line naming them (exit 74), instead of
/// a read or an open that never returns while the folder's lock is held.
@Suite struct HostileFilesTests {
  let sync = ["sync", "perseverance", "--sol", "12..12", "--name", "{id}.{ext}"]

  func run(_ arguments: [String], _ feeds: MockRawFeeds, state: URL) async throws -> RoverProcessResult {
    try await RoverProcess.run(
      CLI.options(feeds) + arguments, environment: CLI.fastRetries.merging(["XDG_STATE_HOME": state.path]) { $1 },
      timeout: 60)
  }

  func expectRefused(_ result: RoverProcessResult, naming name: String) {
    #expect(result.exitCode == 74, "\(result)")
    #expect(result.stderr.contains(name), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
  }

  @Test func aPipeAtTheRecordsJournalIsRefusedNotOpened() async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let first = try await run(sync + ["-o", dir.path], feeds, state: dir)
    #expect(first.exitCode == 0, "\(first)")
    let journal = dir.appendingPathComponent(".rover-record.sqlite-journal").path
    #expect(mkfifo(journal, 0o644) == 0)
    expectRefused(try await run(sync + ["-o", dir.path], feeds, state: dir), naming: journal)
  }

  @Test(arguments: ["-journal", "-wal", "-shm"])
  func aLinkBesideTheRecordIsNamed(suffix: String) async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let companion = dir.appendingPathComponent(".rover-record.sqlite" + suffix).path
    try FileManager.default.createSymbolicLink(atPath: companion, withDestinationPath: "/etc/passwd")
    expectRefused(try await run(sync + ["-o", dir.path], feeds, state: dir), naming: companion)
  }

  @Test func aPipeAtTheWatchStatesJournalIsRefused() async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let first = try await run(["watch", "perseverance", "--once"], feeds, state: dir)
    #expect(first.exitCode == 0, "\(first)")
    let stateDirectory = dir.appendingPathComponent("rover")
    let state = try #require(
      try FileManager.default.contentsOfDirectory(atPath: stateDirectory.path).first { $0.hasSuffix(".sqlite") })
    let journal = stateDirectory.appendingPathComponent(state + "-journal").path
    #expect(mkfifo(journal, 0o600) == 0)
    expectRefused(try await run(["watch", "perseverance", "--once"], feeds, state: dir), naming: journal)
  }

  @Test func aDeviceAsTheArchiveIsRefusedAtOnce() async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try await run(sync + ["-o", dir.path, "--archive", "/dev/zero"], feeds, state: dir)
    expectRefused(result, naming: "/dev/zero")
  }
}
