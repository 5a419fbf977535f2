import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// Records SQLite still opens but rover cannot use: each is set aside and started afresh, like a file that is not a
/// database at all, instead of failing every later run.
@Suite struct UnusableRecordTests {
  /// Overwrites one page in the middle of an SQLite file with bytes no b-tree page starts with.
  static func damagePage(of file: URL) throws {
    let handle = try FileHandle(forUpdating: file)
    defer { try? handle.close() }
    let size = try handle.seekToEnd()
    let page: UInt64 = 4096
    #expect(size >= 8 * page, "too small a file to damage one page in the middle: \(size) bytes")
    try handle.seek(toOffset: (size / page / 2) * page)
    try handle.write(contentsOf: Data(repeating: 0xFF, count: Int(page)))
  }

  /// A record of a few thousand photos: several pages of rows and of each index.
  static func makeRecord(in dir: URL) async throws {
    let record = try await DownloadRecord(outputDirectory: dir)
    for id in 1...3000 {
      try record.record(DownloadRecordTests.photo(id), bytes: 4096 + id, path: "sol-1000/photo-\(id).jpg")
    }
    try record.flush()
  }

  /// Runs SQL on the record outside rover, as another program would.
  static func execute(_ sql: String, in dir: URL) throws {
    try SQLiteDatabase(path: dir.appendingPathComponent(DownloadRecord.fileName()).path).execute(sql)
  }

  /// The record works after being started afresh: it records, and finds what it recorded.
  static func expectWorks(_ record: DownloadRecord) throws {
    try record.record(DownloadRecordTests.photo(1), bytes: 10, path: "1.jpg")
    try record.flush()
    #expect(try record.bytes(of: DownloadRecordTests.photo(1), atPath: "1.jpg") == 10)
    #expect(record.count == 1)
  }

  @Test func aRecordWithADamagedPageIsSetAside() async throws {
    let dir = try TestDirectory.make("rover-record")
    try await Self.makeRecord(in: dir)
    try Self.damagePage(of: dir.appendingPathComponent(DownloadRecord.fileName()))
    let record = try await DownloadRecord(outputDirectory: dir)
    let aside = try #require(record.rebuiltFrom)
    #expect(FileManager.default.fileExists(atPath: aside))
    try Self.expectWorks(record)
  }

  @Test func aValidDatabaseWithForeignTablesIsSetAside() async throws {
    let dir = try TestDirectory.make("rover-record")
    try Self.execute(
      """
      CREATE TABLE photos (name TEXT, taken REAL);
      CREATE TABLE settings (setting TEXT, value TEXT);
      CREATE TABLE notes (body TEXT);
      INSERT INTO photos VALUES ('someone else''s', 0);
      """, in: dir)
    let record = try await DownloadRecord(outputDirectory: dir)
    #expect(record.rebuiltFrom != nil)
    try Self.expectWorks(record)
  }

  /// One of rover's own tables with a column missing (a table made by some other program under that name).
  @Test func aMissingColumnIsSetAside() async throws {
    let dir = try TestDirectory.make("rover-record")
    try Self.execute(
      "CREATE TABLE sols (rover TEXT NOT NULL, sol INTEGER NOT NULL, PRIMARY KEY (rover, sol))", in: dir)
    let record = try await DownloadRecord(outputDirectory: dir)
    #expect(record.rebuiltFrom != nil)
    try record.setSol(rover: "curiosity", sol: 3, .init(complete: true, photos: 1, checkedAt: Date()))
    #expect(try record.sols(rover: "curiosity")[3]?.photos == 1)
  }

  /// A trigger could make every insert fail, or quietly delete what was recorded; rover makes none.
  @Test func aPlantedTriggerIsSetAside() async throws {
    let dir = try TestDirectory.make("rover-record")
    try await Self.makeRecord(in: dir)
    try Self.execute(
      "CREATE TRIGGER refuse BEFORE INSERT ON photos BEGIN SELECT RAISE(ABORT, 'no more photos'); END", in: dir)
    let record = try await DownloadRecord(outputDirectory: dir)
    #expect(record.rebuiltFrom != nil)
    try Self.expectWorks(record)
  }

  /// The next run's number would overflow: an unreadable setting, not a crash of every command in the folder.
  @Test(arguments: ["9223372036854775807", "-4", "many"])
  func anUnreadableRunSettingIsSetAside(run: String) async throws {
    let dir = try TestDirectory.make("rover-record")
    try await Self.makeRecord(in: dir)
    try Self.execute("UPDATE settings SET value = '\(run)' WHERE key = 'run'", in: dir)
    let record = try await DownloadRecord(outputDirectory: dir)
    #expect(record.rebuiltFrom != nil)
    try Self.expectWorks(record)
  }

  /// Another program holding the file locked (not another rover, which takes the record's own lock first) makes
  /// rover wait up to 30 s: it says so, naming the file, instead of hanging silently.
  @Test func aWaitForAnotherProgramsLockIsSaid() async throws {
    let dir = try TestDirectory.make("rover-record")
    try await Self.makeRecord(in: dir)
    let file = dir.appendingPathComponent(DownloadRecord.fileName()).path
    let holder = try SQLiteDatabase(path: file)
    try holder.execute("BEGIN EXCLUSIVE")
    let told = ToldLines<Notice>()
    let opening = Task {
      try await DownloadRecord(outputDirectory: dir, onWait: { line in told.tell(line) })
    }
    // Released only once rover has said it waits: the notice comes as the wait begins, not after some delay.
    await told.first()
    try holder.execute("COMMIT")
    let record = try await opening.value
    #expect(record.rebuiltFrom == nil)
    #expect(record.count == 3000)
    #expect(told.current.count == 1, "\(told.current)")
    guard case .waitingForDatabase(let path, _)? = told.current.first else {
      Issue.record("not a wait for the database: \(told.current)")
      return
    }
    #expect(path.contains(file), "\(told.current)")
  }
}
