import Foundation
import RoverTestSupport
import Testing

/// A damaged record set aside keeps the selection a flagless `sync -o D` (the cron form) continues: carried over
/// when the damaged file still reads, refused (exit 64, naming the file set aside) when it does not, never the
/// whole mission.
@Suite struct RebuiltRecordTests {
  func run(_ arguments: [String], _ feeds: MockRawFeeds, state: URL) async throws -> RoverProcessResult {
    try await CLI.run(arguments, against: feeds, environment: ["XDG_STATE_HOME": state.path])
  }

  func recordURL(_ dir: URL) -> URL { dir.appendingPathComponent(".rover-record.sqlite") }

  /// A folder that sol 12 was synced into, its record remembering that selection.
  func syncedFolder(_ feeds: MockRawFeeds) async throws -> URL {
    let dir = try TestDirectory.make("rover-cli")
    let first = try await run(["sync", "perseverance", "-o", dir.path, "--sol", "12..12"], feeds, state: dir)
    #expect(first.exitCode == 0, "\(first)")
    return dir
  }

  @Test func aFlaglessSyncAfterAnUnreadableRecordIsRefused() async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let dir = try await syncedFolder(feeds)
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(repeating: 0x5A, count: 8192).write(to: recordURL(dir))
    feeds.server.resetLog()

    let dry = try await run(["sync", "perseverance", "-o", dir.path, "--dry-run"], feeds, state: dir)
    #expect(dry.exitCode == 64, "\(dry)")
    #expect(dry.stderr.contains(recordURL(dir).path) && !dry.stderr.contains("rover-dry-run-"), "\(dry)")

    let result = try await run(["sync", "perseverance", "-o", dir.path], feeds, state: dir)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains(".damaged-"), "\(result)")
    #expect(feeds.requestCount(pathPrefix: "/images/") == 0)
  }

  @Test func aSelectionStillReadableIsCarriedOver() async throws {
    let feeds = try SyncCommandTests.feeds()
    defer { feeds.stop() }
    let dir = try await syncedFolder(feeds)
    defer { try? FileManager.default.removeItem(at: dir) }
    // Page 3 (the first index of the photos table) overwritten: the integrity check fails, the settings table
    // (a later page) still reads.
    let handle = try FileHandle(forUpdating: recordURL(dir))
    try handle.seek(toOffset: 2 * 4096)
    try handle.write(contentsOf: Data(repeating: 0x5A, count: 4096))
    try handle.close()
    feeds.server.resetLog()

    let result = try await run(["sync", "perseverance", "-o", dir.path], feeds, state: dir)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("settings carried over"), "\(result)")
    // Sol 12 only, as remembered: no other sol was listed.
    let sols = Set(feeds.requests.compactMap { $0.query("sol") })
    #expect(sols == ["12"], "\(sols)")
  }
}
