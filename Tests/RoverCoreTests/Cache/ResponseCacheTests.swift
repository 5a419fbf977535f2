import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

@Suite struct ResponseCacheTests {
  let directory = TestDirectory.unused("rover-cache")

  func entry(_ key: String, body: String, storedAt: Date = Date(), etag: String? = nil) -> ResponseCacheEntry {
    ResponseCacheEntry(
      header: .init(
        key: key, url: "http://x/\(key)", storedAt: storedAt, expiresAt: storedAt.addingTimeInterval(60), etag: etag,
        lastModified: nil, bodyBytes: body.utf8.count),
      body: Data(body.utf8))
  }

  @Test func roundTrip() throws {
    let cache = ResponseCache(directory: directory)
    #expect(cache.read("a") == nil)
    #expect(cache.write(entry("a", body: #"{"rovers":[]}"#, etag: "\"v1\"")))
    let read = try #require(cache.read("a"))
    #expect(String(decoding: read.body, as: UTF8.self) == #"{"rovers":[]}"#)
    #expect(read.header.etag == "\"v1\"")
    #expect(cache.info().entries == 1)
  }

  @Test func corruptEntryIsAMissAndIsRemoved() throws {
    let cache = ResponseCache(directory: directory)
    cache.write(entry("k", body: "0123456789"))
    let file = cache.file(for: "k")
    let data = try Data(contentsOf: file)
    try data.prefix(data.count - 3).write(to: file)  // cut short, as by a crash
    #expect(cache.read("k") == nil)
    #expect(!FileManager.default.fileExists(atPath: file.path))
    try Data("garbage".utf8).write(to: file)
    #expect(cache.read("k") == nil)
  }

  /// An entry rover could not have written is a miss: dates no clock holds (once a trap in a message), a
  /// validator with a line break (it would forge request headers), a link at the entry's name, a huge file.
  @Test func entriesRoverCouldNotHaveWrittenAreMisses() throws {
    let cache = ResponseCache(directory: directory)
    cache.write(entry("dates", body: "{}", storedAt: Date(timeIntervalSince1970: -1e30)))
    #expect(cache.read("dates") == nil)
    cache.write(entry("etag", body: "{}", etag: "\"abc\"\r\nX-Injected: yes"))
    #expect(cache.read("etag") == nil)
    cache.write(entry("good", body: "{}"))
    let target = cache.file(for: "good")
    let link = cache.file(for: "link")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    #expect(cache.read("link") == nil)
    let big = cache.file(for: "big")
    #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
    #expect(truncate(big.path, off_t(ResponseCache.maxEntryBytes + 1)) == 0)
    #expect(cache.read("big") == nil)
    #expect(cache.read("good") != nil)
  }

  @Test func evictsLeastRecentlyUsedBeyondTheSizeLimit() throws {
    let body = String(repeating: "x", count: 1_000)
    let cache = ResponseCache(directory: directory, maxBytes: 3_500)
    // Used 30, 20 and 10 minutes ago: the order is in the files' dates, not in how long the test waited.
    for (key, minutesAgo) in [("a", 30.0), ("b", 20), ("c", 10)] {
      cache.write(entry(key, body: body))
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -minutesAgo * 60)], ofItemAtPath: cache.file(for: key).path)
    }
    _ = cache.read("a")  // "b" is now the least recently used
    cache.write(entry("d", body: body))
    #expect(cache.read("b") == nil)
    #expect(cache.read("a") != nil)
    #expect(cache.read("d") != nil)
    #expect(cache.info().bytes <= 3_500)
  }

  @Test func clearAllOrOlderThan() throws {
    let cache = ResponseCache(directory: directory)
    cache.write(entry("old", body: "1"))
    cache.write(entry("new", body: "2"))
    let old = cache.file(for: "old").path
    var times = [timeval(tv_sec: 1_000, tv_usec: 0), timeval(tv_sec: 1_000, tv_usec: 0)]
    #expect(utimes(old, &times) == 0)
    #expect(try cache.clear(olderThan: 86_400) == 1)
    #expect(cache.read("new") != nil)
    #expect(try cache.clear() == 1)
    #expect(cache.info().entries == 0)
  }

  /// An entry that cannot be removed (here a directory in its place, which even root cannot unlink) is reported,
  /// after removing what could be.
  @Test func clearThatCannotRemoveSaysSo() throws {
    let cache = ResponseCache(directory: directory)
    cache.write(entry("a", body: "1"))
    try FileManager.default.createDirectory(
      at: cache.entriesDirectory.appendingPathComponent("stuck.entry/inside"), withIntermediateDirectories: true)
    #expect(throws: CacheError.self) { try cache.clear() }
    #expect(cache.read("a") == nil)
  }

  @Test func stableHashIsStableAndSpreads() {
    #expect(StableHash.hex("nebulum https://x/rovers") == StableHash.hex("nebulum https://x/rovers"))
    #expect(StableHash.hex("a") != StableHash.hex("b"))
    #expect(StableHash.hex("a").count == 32)
  }
}
