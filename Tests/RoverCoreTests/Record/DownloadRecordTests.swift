import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

@Suite struct DownloadRecordTests {
  static func photo(_ id: Int, stem: String = "", rover: String = "Curiosity", sol: Int = 1000) -> Photo {
    let name = stem.isEmpty ? "\(id)" : stem
    return Photo.testing(id, at: URL(string: "http://127.0.0.1:9/images/\(name).jpg")!, sol: sol, rover: rover)
  }

  @Test func whatARunRecordsTheNextRunFinds() async throws {
    let dir = try TestDirectory.make("rover-record")
    do {
      let record = try await DownloadRecord(outputDirectory: dir)
      for id in 1...300 { try record.record(Self.photo(id), bytes: 4096 + id, path: "a/\(id).jpg") }
      try record.flush()
    }
    let again = try await DownloadRecord(outputDirectory: dir)
    #expect(again.count == 300)
    #expect(try again.bytes(of: Self.photo(7), atPath: "a/7.jpg") == 4103)
    #expect(try again.bytes(of: Self.photo(301), atPath: "a/301.jpg") == nil)
    // Another service lists frame 7 under another id: the same frame, recorded by an earlier run.
    var other = Self.photo(999_007, stem: "7")
    other.id = .text("NLB_7")
    #expect(try again.hasFrameUnderAnotherID(other))
    #expect(try !again.hasFrameUnderAnotherID(Self.photo(7)))
  }

  /// Three B-trees an insert, not four: the size is looked up by the photo's key, so no index on the path is kept,
  /// and one an earlier version made is dropped when the record is opened.
  @Test func noIndexOnThePath() async throws {
    let dir = try TestDirectory.make("rover-record")
    do { _ = try await DownloadRecord(outputDirectory: dir) }
    try UnusableRecordTests.execute("CREATE INDEX photos_by_path ON photos (path)", in: dir)
    let record = try await DownloadRecord(outputDirectory: dir)
    let indexes = try record.database.prepare(
      "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'photos'"
    ).firstInteger()
    // The unique key's own index, the product's and the frame's.
    #expect(indexes == 3)
    try record.record(Self.photo(5), bytes: 50, path: "5.jpg")
    #expect(try record.bytes(of: Self.photo(5), atPath: "5.jpg") == 50)
    // The same file name recorded for another photo, or this photo under another name, is not this photo's file.
    #expect(try record.bytes(of: Self.photo(6), atPath: "5.jpg") == nil)
    #expect(try record.bytes(of: Self.photo(5), atPath: "6.jpg") == nil)
  }

  /// A planning batch's look-ups share one read transaction, which ends with the batch (another program then
  /// writes at once); a write in the middle ends it first and is committed as any other.
  @Test func lookUpsShareOneReadThatAWriteEnds() async throws {
    let dir = try TestDirectory.make("rover-record")
    let record = try await DownloadRecord(outputDirectory: dir)
    for id in 1...3 { try record.record(Self.photo(id), bytes: 10 * id, path: "\(id).jpg") }
    try record.flush()
    let sizes = try record.reading { () throws -> [Int?] in
      let first = try record.bytes(of: Self.photo(1), atPath: "1.jpg")
      #expect(record.database.inTransaction)
      return [first, try record.bytes(of: Self.photo(2), atPath: "2.jpg")]
    }
    #expect(sizes == [10, 20])
    #expect(!record.database.inTransaction)
    let other = try SQLiteDatabase(path: record.path)
    try other.execute("BEGIN IMMEDIATE; DELETE FROM photos WHERE path = '3.jpg'; COMMIT;")
    let written = try record.reading { () throws -> Int? in
      #expect(try record.bytes(of: Self.photo(3), atPath: "3.jpg") == nil)
      try record.record(Self.photo(4), bytes: 40, path: "4.jpg")
      return try record.bytes(of: Self.photo(4), atPath: "4.jpg")
    }
    #expect(written == 40)
    try record.flush()
    #expect(!record.database.inTransaction)
    #expect(try other.prepare("SELECT bytes FROM photos WHERE path = '4.jpg'").firstInteger() == 40)
  }

  /// The tab-separated record of earlier versions is moved into the database once, bad lines counted.
  @Test func theOldTextRecordIsImported() async throws {
    let dir = try TestDirectory.make("rover-record")
    var text = "curiosity\t1\t4096\tx/1.jpg\ncuriosity\t2\t4096\tx/2.jpg\t2\n"
    text += "not a record\n"
    try Data(text.utf8).write(to: dir.appendingPathComponent(".rover-downloads.tsv"))
    let record = try await DownloadRecord(outputDirectory: dir)
    #expect(record.count == 2)
    #expect(record.skippedLines == 1)
    #expect(try record.bytes(of: Self.photo(2), atPath: "x/2.jpg") == 4096)
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(".rover-downloads.tsv").path))
  }

  /// A damaged file is set aside (kept, for whoever wants to look) and the record starts afresh.
  @Test func aDamagedRecordIsSetAsideAndRebuilt() async throws {
    let dir = try TestDirectory.make("rover-record")
    let file = dir.appendingPathComponent(DownloadRecord.fileName())
    try Data(repeating: 0x41, count: 8192).write(to: file)
    let record = try await DownloadRecord(outputDirectory: dir)
    let aside = try #require(record.rebuiltFrom)
    #expect(aside.contains(".damaged-"))
    #expect(FileManager.default.fileExists(atPath: aside))
    try record.record(Self.photo(1), bytes: 10, path: "1.jpg")
    try record.flush()
    #expect(try record.bytes(of: Self.photo(1), atPath: "1.jpg") == 10)
  }

  @Test func versionsOfOneFrame() async throws {
    let dir = try TestDirectory.make("rover-record")
    let record = try await DownloadRecord(outputDirectory: dir)
    let stem = "NLF_0100_0675528394_637ECM_N0040136NCAM00500_01_295J"
    let low = Self.photo(1, stem: stem + "01", rover: "Perseverance")
    let high = Self.photo(2, stem: stem + "03", rover: "Perseverance")
    #expect(low.frameVersion == Photo.FrameVersion(frame: stem, number: 1))
    try record.record(low, bytes: 10, path: "low.png")
    #expect(try record.highestVersion(of: high) == 1)
    try record.record(high, bytes: 10, path: "high.png")
    #expect(try record.removeLowerVersions(than: high) == ["low.png"])
    #expect(try record.highestVersion(of: low) == 3)
    #expect(try record.bytes(of: low, atPath: "low.png") == nil)
    // Curiosity's stems carry no version.
    #expect(Self.photo(3, stem: "NLB_123456789EDR_F0000000NCAM00101M1").frameVersion == nil)
  }

  @Test func solsAndSettingsSurviveAReopen() async throws {
    let dir = try TestDirectory.make("rover-record")
    let shard = try #require(Shard("2/3"))
    let when = Date(timeIntervalSince1970: 1_700_000_000)
    do {
      let record = try await DownloadRecord(outputDirectory: dir, shard: shard)
      try record.setSol(rover: "Curiosity", sol: 4, .init(complete: true, photos: 12, checkedAt: when))
      try record.setSetting("selection", "{}")
    }
    #expect(
      FileManager.default.fileExists(atPath: dir.appendingPathComponent(".rover-record.shard-2-of-3.sqlite").path))
    let again = try await DownloadRecord(outputDirectory: dir, shard: shard)
    #expect(try again.sols(rover: "curiosity") == [4: .init(complete: true, photos: 12, checkedAt: when)])
    #expect(try again.setting("selection") == "{}")
  }
}

/// A record is a file in a directory anyone may have written to: the paths in it are checked again before a lower
/// version's file is removed, so a planted row can never delete anything outside the output directory.
@Suite struct HostileRecordTests {
  @Test func aPlantedPathOutsideTheDirectoryIsNeverRemoved() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let parent = try TestDirectory.make("rover-record")
    let dir = parent.appendingPathComponent("out")
    let victims = ["victim.jpg", "victim.jpg.json"].map { parent.appendingPathComponent($0) }
    for victim in victims { try Data("precious".utf8).write(to: victim) }
    let stem = "NLF_0012_0675528300_637ECM_N0040136NCAM00500_01_295J"
    func photo(_ version: Int, _ id: Int) -> Photo {
      DownloadRecordTests.photo(id, stem: stem + String(format: "%02d", version), rover: "Perseverance")
    }
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    do {
      let record = try await DownloadRecord(outputDirectory: dir)
      try record.record(photo(1, 1), bytes: 8, path: "../victim.jpg")
      try record.record(photo(2, 2), bytes: 8, path: parent.appendingPathComponent("victim.jpg").path)
      try record.flush()
    }
    var high = photo(3, 3)
    high.imageSource = feeds.url("/images/m2020/12/\(stem)03.png").absoluteString
    var options = DownloadOptions.testing(into: dir, template: try NameTemplate("{product}.{ext}"), jobs: 1)
    options.highestVersionsOnly = true
    let summary = try await Downloader(options: options).run([high])
    #expect(summary.downloaded == 1)
    for victim in victims { #expect(try String(contentsOf: victim, encoding: .utf8) == "precious") }
  }
}
