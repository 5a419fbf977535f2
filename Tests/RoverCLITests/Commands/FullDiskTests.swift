import Foundation
import RoverTestSupport
import Testing

/// A disk that fills up part-way (a small tmpfs): `sync` and `fetch-image` end alike, with one line naming the path
/// and "no space left on device", their summary, exit 74, and no half-written image under a final name.
@Suite(.enabled(if: FullDisk.canMount, "mounting a tmpfs needs root (CAP_SYS_ADMIN); not available here"))
struct FullDiskTests {
  /// Sols 10, 11 and 12, three frames each, of `imageSize` bytes: more than the disk holds.
  static func feeds(imageSize: Int = 100_000) throws -> MockRawFeeds {
    var sols: [Int: [MockRawImage]] = [:]
    for sol in 10...12 { sols[sol] = (0..<3).map { SyncCommandTests.frame(sol: sol, $0) } }
    return try MockRawFeeds(
      dataset: MockRawDataset(imagesByRover: [MockRawDataset.perseverance: sols], imageSize: imageSize))
  }

  /// The lines that say the disk is full: one, naming a path on it.
  static func expectOneFullDiskLine(_ result: RoverProcessResult, disk: FullDisk) {
    let lines = result.stderr.split(separator: "\n").filter { $0.lowercased().contains("no space left on device") }
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(lines.first?.hasPrefix("rover: ") == true, "\(result.stderr)")
    #expect(lines.first?.contains(disk.path) == true, "\(result.stderr)")
  }

  /// Every image under its final name is whole, and no temporary (`.rover-….part`) is left behind.
  static func expectNoHalfWrittenImage(_ disk: FullDisk, imageSize: Int = 100_000) {
    for name in imagesBelow(disk.directory) {
      let file = name.split(separator: "/").last.map(String.init) ?? name
      if file.hasPrefix(".") {
        #expect(file == ".rover-record.lock", "\(name)")
      } else {
        #expect(fileSize(disk.directory.appendingPathComponent(name)) == imageSize, "\(name)")
      }
    }
  }

  /// Runs `arguments` (given the disk's path) on a disk of `bytes` and checks what both commands share: exit 74,
  /// one line, no half-written image.
  static func runOnFullDisk(bytes: Int, imageSize: Int, _ arguments: (String) -> [String]) async throws
    -> RoverProcessResult
  {
    let disk = try FullDisk(bytes: bytes)
    defer { disk.unmount() }
    let feeds = try feeds(imageSize: imageSize)
    defer { feeds.stop() }
    let result = try await CLI.run(arguments(disk.path), against: feeds)
    #expect(result.exitCode == 74, "\(result)")
    expectOneFullDiskLine(result, disk: disk)
    expectNoHalfWrittenImage(disk, imageSize: imageSize)
    return result
  }

  /// The disk fills with an image (300 KB, images of 100 KB), or with the record's commit (64 KB, images of 4 KB:
  /// 56 KB no longer holds the record's first write, which fails before any photo is listed).
  @Test(arguments: [(300_000, 100_000), (64_000, 4096)])
  func aSyncThatFillsTheDiskStillSumsUp(disk bytes: Int, images imageSize: Int) async throws {
    let result = try await Self.runOnFullDisk(bytes: bytes, imageSize: imageSize) { path in
      ["sync", "perseverance", "-o", path, "--sol", "10..", "--json", "-j", "2"]
    }
    // With --json the summary is the JSON object alone (issue 37): stderr names the failure only.
    #expect(!result.stderr.contains("sync: listed"), "\(result.stderr)")
    let summary = try #require(try CLI.json(result.stdout) as? [String: Any], "\(result.stdout)")
    #expect(summary["rover"] as? String == "perseverance")
    #expect(summary["downloaded"] is Int, "\(summary)")
  }

  @Test(arguments: [(300_000, 100_000), (56_000, 4096)])
  func aFetchThatFillsTheDiskEndsAsASyncDoes(disk bytes: Int, images imageSize: Int) async throws {
    let result = try await Self.runOnFullDisk(bytes: bytes, imageSize: imageSize) { path in
      ["fetch-image", "perseverance", "--sol", "10..12", "-o", path, "-j", "2"]
    }
    #expect(result.stderr.contains("downloaded "), "\(result.stderr)")
  }
}
