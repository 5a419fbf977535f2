import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// Work that cannot hear a cancellation (here SQLite's busy wait, in C, for up to 30 s) does not outlive a signal by
/// more than the grace period: rover then exits with the signal's code anyway.
@Suite struct SignalGraceTests {
  @Test func aRunStuckInABlockingWaitExitsAfterTheGracePeriod() async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let environment = CLI.fastRetries.merging(["XDG_STATE_HOME": dir.path]) { $1 }
    let first = try await RoverProcess.run(
      CLI.options(feeds) + ["watch", "perseverance", "--once"], environment: environment)
    #expect(first.exitCode == 0, "\(first)")
    let folder = dir.appendingPathComponent("rover")
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".sqlite") })
    // Another program's lock on the state: rover's SQLite waits for it, deaf to cancellation.
    let holder = try SQLiteDatabase(path: folder.appendingPathComponent(name).path)
    try holder.execute("BEGIN EXCLUSIVE")
    defer { try? holder.execute("ROLLBACK") }

    let child = try RoverProcess.start(
      CLI.options(feeds) + ["watch", "perseverance", "--once"], environment: environment)
    defer { child.kill() }
    try await child.waitUntil("rover waits for the lock", timeout: 30) { $0.stderr.contains("locked") }
    child.terminate()
    let result = try await child.wait(timeout: 20)
    #expect(result.exitCode == 143, "\(result)")
    #expect(result.stderr.contains("still stopping after 5 s"), "\(result)")
  }
}
