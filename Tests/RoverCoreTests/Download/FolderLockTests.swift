import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// One lock per output folder: writers whose photos may overlap take turns; shards of one command line, which never
/// share a sol, still run at once.
@Suite struct FolderLockTests {
  static func take(_ dir: URL, _ shard: String?, told: ToldLines<Notice>? = nil) async throws -> FolderLock {
    try await FolderLock(
      in: try SafeDirectory.root(dir), shard: shard.flatMap(Shard.init), onWait: { line in told?.tell(line) })
  }

  @Test(arguments: [["1/2", "2/2"], ["1/3", "2/3", "3/3"]])
  func shardsOfOneCommandLineHoldItAtOnce(shards: [String]) async throws {
    let dir = try TestDirectory.make("rover-lock")
    let told = ToldLines<Notice>()
    var held: [FolderLock] = []
    for shard in shards { held.append(try await Self.take(dir, shard, told: told)) }
    #expect(held.count == shards.count)
    #expect(told.current.isEmpty, "\(told.current)")
  }

  @Test(arguments: [("1/2", "1/3"), ("1/2", "1/2"), (nil, "2/3"), ("3/4", nil), (nil, nil), ("1/2", "2/3")])
  func overlappingWritersTakeTurns(first: String?, second: String?) async throws {
    let dir = try TestDirectory.make("rover-lock")
    var holder: FolderLock? = try await Self.take(dir, first)
    let told = ToldLines<Notice>()
    let waiting = Task { try await Self.take(dir, second, told: told) }
    // Told as the wait begins: the holder still holds the lock, so the second writer is waiting now.
    await told.first()
    #expect(told.current.count == 1, "\(told.current)")
    let notice = try #require(told.current.first)
    guard case .waitingForFolder(let folder, let lockFile, let pid) = notice else {
      Issue.record("not a wait for the folder: \(notice)")
      return
    }
    #expect(folder.contains(dir.path) && lockFile.contains(dir.path), "\(notice)")
    // The holder is named, so the user knows which process to stop or wait for.
    #expect(pid == getpid(), "\(notice)")
    #expect(holder != nil)
    holder = nil
    _ = try await waiting.value
    #expect(told.current.count == 1)
  }

  @Test func symlinkAtTheLockFileIsNotFollowed() async throws {
    let dir = try TestDirectory.make("rover-lock")
    let victim = try DownloadHardeningTests.victim()
    try FileManager.default.createSymbolicLink(
      atPath: dir.appendingPathComponent(FolderLock.fileName).path, withDestinationPath: victim.path)
    await #expect(throws: DownloadError.self) { _ = try await Self.take(dir, nil) }
    #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
  }

  /// A FIFO planted at the lock's name is refused, not opened and waited on.
  @Test func aFIFOAtTheLockFileIsRefused() async throws {
    let dir = try TestDirectory.make("rover-lock")
    #expect(mkfifo(dir.appendingPathComponent(FolderLock.fileName).path, 0o644) == 0)
    await #expect(throws: DownloadError.self) { _ = try await Self.take(dir, nil) }
  }
}
