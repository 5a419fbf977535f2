import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// The record is written a batch of photos at a time, in one transaction, and a photo enters it only once its file
/// has its name: a run killed mid-batch loses at most that batch's entries, never a file, and the next run puts
/// them back from the files in place, fetching nothing twice and recording nothing twice.
@Suite struct KilledRunTests {
  static let fast = 30
  static let size = 64 * 1024

  @Test func aRunKilledMidBatchIsRepairedByTheNext() async throws {
    // The last photo trickles in until the run is killed; once it is, it comes at once.
    let trickling = Locked(true)
    let server = try TestHTTPServer { request in
      var response = TestResponse.bytes(
        Data([0xFF, 0xD8, 0xFF]) + Data(repeating: 0xAB, count: Self.size - 3), contentType: "image/jpeg")
      if request.path.hasPrefix("/slow/"), trickling.current {
        response.bodyChunkDelay = 0.5
        response.bodyChunkSize = 1024
      }
      return response
    }
    defer { server.stop() }
    let directory = try TestDirectory.make("rover-cli")
    defer { try? FileManager.default.removeItem(at: directory) }
    let lines =
      (1...Self.fast).map { PhotoLines.line(id: String($0), imgSrc: server.url("/fast/\($0).jpg").absoluteString) }
      + [PhotoLines.line(id: "999", imgSrc: server.url("/slow/999.jpg").absoluteString)]
    let arguments = ["fetch-image", "-", "-o", directory.path, "-j", "4"]

    let child = try RoverProcess.start(arguments, environment: CLI.fastRetries, stdin: PhotoLines.data(lines))
    defer { child.kill() }
    try await child.waitUntil("every fast photo in place, the slow one under way", timeout: 60) { _ in
      server.requestCount(pathPrefix: "/slow/") >= 1 && Self.images(in: directory).count == Self.fast
    }
    child.kill()
    _ = try await child.wait(timeout: 20)
    // The batch was still open: the files are in place, their entries are not.
    #expect(try Self.recorded(in: directory) < Self.fast)

    trickling.withLock { $0 = false }
    let again = try await RoverProcess.run(arguments, environment: CLI.fastRetries, stdin: PhotoLines.data(lines))
    #expect(again.exitCode == 0, "\(again)")
    #expect(again.stderr.contains("downloaded 1, skipped \(Self.fast)"), "\(again)")
    #expect(server.requestCount(pathPrefix: "/fast/") == Self.fast)
    #expect(Self.images(in: directory).count == Self.fast + 1)
    #expect(try Self.recorded(in: directory) == Self.fast + 1)
  }

  static func images(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".jpg") }
  }

  /// Distinct photos in the folder's record, as another program reading it sees them (a crash's unfinished
  /// transaction rolled back).
  static func recorded(in directory: URL) throws -> Int {
    let path = directory.appendingPathComponent(DownloadRecord.fileName()).path
    guard FileManager.default.fileExists(atPath: path) else { return 0 }
    let database = try SQLiteDatabase(path: path)
    let rows = try database.prepare("SELECT count(*) FROM photos").firstInteger() ?? 0
    let distinct = try database.prepare("SELECT count(DISTINCT rover || '/' || id) FROM photos").firstInteger() ?? 0
    #expect(rows == distinct)
    return Int(rows)
  }
}
