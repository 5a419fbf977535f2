import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// Another program reading the record (`sqlite3 DIR/.rover-record.sqlite` with `BEGIN; SELECT …` open) holds up
/// its commits: a run keeps its rows and commits them once the reader lets go, or names the file and keeps the
/// images when it never does.
@Suite struct HeldUpRecordTests {
  /// A second connection to the record's file with a read transaction open, as the `sqlite3` shell holds one.
  static func reader(of record: DownloadRecord) throws -> SQLiteDatabase {
    let reader = try SQLiteDatabase(path: record.path)
    try reader.execute("BEGIN; SELECT count(*) FROM photos;")
    return reader
  }

  static func count(in path: String) throws -> Int64? {
    try SQLiteDatabase(path: path).prepare("SELECT count(*) FROM photos").firstInteger()
  }

  @Test func aCommitHeldUpByAReaderKeepsItsRowsUntilTheReaderLetsGo() async throws {
    let dir = try TestDirectory.make("rover-record")
    let notices = Locked<[Notice]>([])
    let record = try await DownloadRecord(
      directory: try SafeDirectory.root(dir), batch: 2, busyTimeout: .milliseconds(100),
      onWait: { notice in notices.withLock { $0.append(notice) } })
    try record.record(DownloadRecordTests.photo(1), bytes: 10, path: "1.jpg")
    let reader = try Self.reader(of: record)
    // Photo 3 fills the batch, whose commit the reader holds up; photos 4 to 6 are held with it.
    for id in 2...6 { try record.record(DownloadRecordTests.photo(id), bytes: 10, path: "\(id).jpg") }
    try record.setSol(rover: "curiosity", sol: 1000, .init(complete: true, photos: 6, checkedAt: Date()))
    #expect(try reader.prepare("SELECT count(*) FROM photos").firstInteger() == 0)
    try reader.execute("COMMIT")
    try record.record(DownloadRecordTests.photo(7), bytes: 10, path: "7.jpg")
    try record.flush()
    #expect(try Self.count(in: record.path) == 7)
    #expect(try record.sols(rover: "curiosity")[1000]?.complete == true)
    // Said once, not at every commit the reader held up.
    let waits = notices.current.filter {
      switch $0 {
      case .waitingForDatabase, .waitingForFile, .waitingForFolder: true
      default: false
      }
    }
    #expect(waits.count == 1, "\(notices.current)")
  }

  /// A reader that never lets go: the run says which file and why, keeps every image, and the next run finds
  /// them in place and records them without fetching them again.
  @Test func aReaderThatNeverLetsGoIsNamedAndTheNextRunRecordsTheImages() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-record")
    let photos = (1...5).map { Photo.testing($0, at: api.server.url("/images/held-\($0).jpg")) }
    let batches = AsyncStream { continuation in
      continuation.yield(photos)
      continuation.finish()
    }
    let path: String
    let reader: SQLiteDatabase
    do {
      let record = try await DownloadRecord(directory: try SafeDirectory.root(dir), busyTimeout: .milliseconds(100))
      path = record.path
      reader = try Self.reader(of: record)
      let summary = try await Downloader(options: .testing(into: dir)).run(batches, record: record)
      #expect(summary.downloaded == 5)
      let error = try #require(summary.recordError)
      #expect(summary.fatal == error)
      let message = error.errorDescription ?? ""
      #expect(message.contains(record.path) && message.contains("read transaction"), "\(message)")
      #expect(message.contains("the images are kept"), "\(message)")
    }
    // The run is over (its record closed) before the reader lets go.
    try reader.execute("COMMIT")
    let images = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".jpg") }
    #expect(images.count == 5)
    #expect(try Self.count(in: path) == 0)
    api.server.resetLog()
    let again = try await DownloadRun.run(photos, .testing(into: dir))
    #expect(again.summary.skipped == 5)
    #expect(again.summary.fatal == nil)
    #expect(api.requestCount(pathPrefix: "/images/") == 0)
    #expect(try Self.count(in: path) == 5)
  }
}
