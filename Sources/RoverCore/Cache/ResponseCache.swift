import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// API responses on disk, so repeated questions cost no request and answers survive an outage. Images are not
/// kept here: the output directory is their store.
///
/// Every write goes to a temporary file and is renamed into place, so a crash or Ctrl-C never leaves a torn entry,
/// and two runs writing the same entry both leave a whole one. Unreadable entries are misses and are replaced.
package final class ResponseCache: Sendable {
  package static let defaultMaxBytes = 200 * 1_000_000

  package let directory: URL
  package let maxBytes: Int

  package init(directory: URL, maxBytes: Int = ResponseCache.defaultMaxBytes) {
    self.directory = directory
    self.maxBytes = max(0, maxBytes)
  }

  /// `$ROVER_CACHE_DIR`, else `$XDG_CACHE_HOME/rover`, else `~/.cache/rover`.
  package static func defaultDirectory(environment: [String: String]) -> URL? {
    if let dir = environment["ROVER_CACHE_DIR"], !dir.isEmpty { return URL(fileURLWithPath: dir) }
    // Only the folders `environment` names: without one there is no cache, rather than a home directory read
    // behind the caller's back. A relative XDG_CACHE_HOME is ignored, as the XDG specification says.
    guard
      let base = environment["XDG_CACHE_HOME"].flatMap({ $0.hasPrefix("/") ? $0 : nil })
        ?? environment["HOME"].flatMap({ $0.isEmpty ? nil : $0 + "/.cache" })
    else { return nil }
    return URL(fileURLWithPath: base).appendingPathComponent("rover")
  }

  var entriesDirectory: URL { directory.appendingPathComponent("responses") }

  func file(for key: String) -> URL {
    entriesDirectory.appendingPathComponent(StableHash.hex(key) + ".entry")
  }

  /// The entry for `key`, or nil. A corrupt entry is deleted so the next answer replaces it.
  /// The largest entry rover writes: a waypoint file within its 16 MB cap (answers stop at 8 MB), and its header
  /// line.
  static let maxEntryBytes = 17 << 20

  package func read(_ key: String) -> ResponseCacheEntry? {
    let url = file(for: key)
    guard let data = Self.contents(atPath: url.path) else { return nil }
    guard let entry = ResponseCacheEntry.decode(data), entry.header.key == key else {
      unlink(url.path)
      return nil
    }
    // Reads mark recency for least-recently-used eviction.
    utimes(url.path, nil)
    return entry
  }

  /// An entry's bytes: a regular file (a link at its name is not followed) of at most `maxEntryBytes`; nil for
  /// anything else, which is a miss.
  static func contents(atPath path: String) -> Data? {
    guard case .success(let file) = RegularFile.open(path, followingLinks: false), file.size <= maxEntryBytes,
      let data = file.read(upTo: maxEntryBytes), !data.isEmpty
    else { return nil }
    return data
  }

  /// Stores an entry atomically; cache trouble (disk full, read-only home) never fails the command.
  @discardableResult
  package func write(_ entry: ResponseCacheEntry) -> Bool {
    let url = file(for: entry.header.key)
    do {
      try FileManager.default.createDirectory(at: entriesDirectory, withIntermediateDirectories: true)
      let temporary = entriesDirectory.appendingPathComponent(".\(UUID().uuidString).tmp")
      do {
        try entry.write(to: temporary)
      } catch {
        unlink(temporary.path)
        throw error
      }
      guard rename(temporary.path, url.path) == 0 else {
        unlink(temporary.path)
        return false
      }
    } catch {
      return false
    }
    evictIfNeeded()
    return true
  }

  /// Refreshes an entry's expiry after a `304 Not Modified`, without rewriting the body by hand.
  package func revalidated(_ entry: ResponseCacheEntry, expiresAt: Date, now: Date = Date()) -> ResponseCacheEntry {
    var updated = entry
    updated.header.storedAt = now
    updated.header.expiresAt = expiresAt
    write(updated)
    return updated
  }

  package struct Info: Sendable, Encodable {
    package var directory: String
    package var entries: Int
    package var bytes: Int
    package var maxBytes: Int
    package var oldest: Date?
    package var newest: Date?

    enum CodingKeys: String, CodingKey {
      case directory, entries, bytes, oldest, newest
      case maxBytes = "max_bytes"
    }
  }

  package func info() -> Info {
    let files = listing()
    return Info(
      directory: directory.path, entries: files.count, bytes: files.map(\.bytes).reduce(0, +), maxBytes: maxBytes,
      oldest: files.map(\.modified).min(), newest: files.map(\.modified).max())
  }

  /// Removes every entry, or those not used for `olderThan` seconds; returns how many were removed, and throws
  /// after removing what it could if any entry could not be removed (a read-only cache is not a cleared one).
  @discardableResult
  package func clear(olderThan age: TimeInterval? = nil, now: Date = Date()) throws -> Int {
    var removed = 0
    var failed = 0
    var reason = ""
    for file in listing() where age.map({ now.timeIntervalSince(file.modified) > $0 }) ?? true {
      if unlink(file.url.path) == 0 {
        removed += 1
      } else {
        failed += 1
        reason = String(cString: strerror(errno))
      }
    }
    if failed > 0 {
      throw CacheError.cannotRemove(count: failed, removed: removed, directory: entriesDirectory.path, reason: reason)
    }
    return removed
  }

  struct FileInfo {
    var url: URL
    var bytes: Int
    var modified: Date
  }

  func listing() -> [FileInfo] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: entriesDirectory.path)) ?? []
    return names.filter { $0.hasSuffix(".entry") }.compactMap { name in
      let url = entriesDirectory.appendingPathComponent(name)
      var info = stat()
      guard stat(url.path, &info) == 0 else { return nil }
      let modified = Date(
        timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
      return FileInfo(url: url, bytes: Int(info.st_size), modified: modified)
    }
  }

  /// Drops least recently used entries until the cache fits in `maxBytes`.
  func evictIfNeeded() {
    var files = listing()
    var total = files.map(\.bytes).reduce(0, +)
    guard total > maxBytes else { return }
    files.sort { $0.modified < $1.modified }
    for file in files where total > maxBytes {
      if unlink(file.url.path) == 0 { total -= file.bytes }
    }
  }
}

/// A hash that is the same in every run and on every machine (Swift's `Hasher` is seeded per process).
package enum StableHash {
  /// 64-bit FNV-1a: for in-memory sets of keys where a collision costs at most one skipped check.
  package static func value(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return hash
  }

  static func hex(_ text: String) -> String {
    // Two FNV-1a passes with different offsets: 128 bits, plenty for file names; the stored key guards the rest.
    var first: UInt64 = 0xcbf2_9ce4_8422_2325
    var second: UInt64 = 0x8422_2325_cbf2_9ce4
    for byte in text.utf8 {
      first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      second = second &+ (second >> 29)
    }
    return String(first, radix: 16).leftPadded(16) + String(second, radix: 16).leftPadded(16)
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
