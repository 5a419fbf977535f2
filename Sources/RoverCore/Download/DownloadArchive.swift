import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A record of completed photos, one tab-separated line each (`rover`, `id`, `bytes`, `path`, `product`), appended as each
/// photo completes so an interrupted run keeps what it finished.
///
/// The file is opened without following a link, read only after taking an exclusive lock that is held for the
/// whole run (so two processes sharing it take turns instead of both downloading everything), and read line by
/// line: a line that is not UTF-8 or not four fields is skipped and counted, never the whole file.
public final class DownloadArchive: @unchecked Sendable {
  public struct Entry: Hashable, Sendable {
    public var bytes: Int
    public var path: String
  }

  public let path: String
  /// Lines that could not be read; the caller says so once.
  public let skippedLines: Int
  // @unchecked: `entries`, `byPath` and `pending` are only used under `lock`; `descriptor` never changes.
  private let lock = NSLock()
  private let descriptor: Int32
  /// Byte counts by a 64-bit hash of the key, not the key itself: a mission's record is tens of thousands of
  /// lines, and memory must stay flat in the number of photos (16 bytes a photo, not 200).
  private var entries: [UInt64: Int] = [:]
  private var byPath: [UInt64: Int] = [:]
  /// Products recorded by earlier runs: photos of this run that share an image URL share one download and each
  /// still gets its own file, so only an earlier run's record says a frame is done under another id.
  private var earlierProducts: Set<UInt64> = []
  private var earlierIDs: Set<UInt64> = []
  private var pending = Data()
  private var pendingCount = 0
  /// Lines held back before a write; 0 writes each line at once (the user's `--archive`), more saves a write per
  /// photo for the hidden record, whose loss in a crash only costs a size check.
  let batch: Int

  /// Opens (creating) `name` relative to `directory` (`AT_FDCWD` for a path of the user's), waiting for another
  /// process's lock; `onWait` is told once if it has to wait.
  init(
    directory: Int32 = AT_FDCWD, name: String, shownAs path: String, batch: Int = 0, onWait: (String) -> Void = { _ in }
  )
    async throws
  {
    self.path = path
    self.batch = max(0, batch)
    descriptor = openat(directory, name, O_RDWR | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let reason = errno == ELOOP ? "a symbolic link; refusing to follow it" : errnoText()
      throw DownloadError.io(path: path, reason: reason)
    }
    do {
      try await Self.lockExclusively(descriptor, path: path, onWait: onWait)
      let (loaded, skipped, tornTail) = try Self.read(descriptor, path: path)
      skippedLines = skipped
      for (key, entry) in loaded {
        let hash = StableHash.value(key)
        entries[hash] = entry.bytes
        byPath[StableHash.value(entry.path)] = entry.bytes
        if key.contains("\tproduct:") { earlierProducts.insert(hash) } else { earlierIDs.insert(hash) }
      }
      // A run killed mid-line left a torn tail: the next record starts on a line of its own.
      if tornTail { pending.append(UInt8(ascii: "\n")) }
    } catch {
      close(descriptor)
      throw error
    }
  }

  deinit {
    close(descriptor)
  }

  /// Polls rather than blocks, so Ctrl-C still ends a run that is waiting for another one.
  private static func lockExclusively(_ descriptor: Int32, path: String, onWait: (String) -> Void) async throws {
    var told = false
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else { throw DownloadError.io(path: path, reason: errnoText()) }
      if !told {
        onWait("waiting for another rover that is using \(path)")
        told = true
      }
      try await Task.sleep(nanoseconds: 100_000_000)
    }
  }

  private static func read(_ descriptor: Int32, path: String) throws -> (
    entries: [(String, Entry)], skipped: Int, tornTail: Bool
  ) {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var offset: off_t = 0
    while true {
      let count = pread(descriptor, &buffer, buffer.count, offset)
      if count < 0, errno == EINTR { continue }
      if count < 0 { throw DownloadError.io(path: path, reason: errnoText()) }
      if count == 0 { break }
      data.append(contentsOf: buffer[0..<count])
      offset += off_t(count)
    }
    var entries: [(String, Entry)] = []
    var skipped = 0
    let tornTail = !data.isEmpty && data.last != UInt8(ascii: "\n")
    let lines = data.split(separator: UInt8(ascii: "\n"))
    for (index, line) in lines.enumerated() {
      // The torn tail is an unfinished record, not a bad one: drop it without counting.
      if tornTail && index == lines.count - 1 { break }
      guard let text = String(validating: line, as: UTF8.self) else {
        skipped += 1
        continue
      }
      let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
      // rover, id, bytes, path, and since the product key, the product (older records have four fields).
      guard fields.count == 4 || fields.count == 5, let bytes = Int(fields[2]), bytes >= 0 else {
        skipped += 1
        continue
      }
      let entry = Entry(bytes: bytes, path: String(fields[3]))
      entries.append((key(rover: String(fields[0]), id: String(fields[1])), entry))
      if fields.count == 5 { entries.append((key(rover: String(fields[0]), id: "product:" + fields[4]), entry)) }
    }
    return (entries, skipped, tornTail)
  }

  static func key(rover: String, id: String) -> String { rover.lowercased() + "\t" + id }

  /// The recorded size of the photo, if it is in the record by its id or, listed by another service, by its
  /// product key.
  public func bytes(for photo: Photo) -> Int? {
    let byID = StableHash.value(Self.key(rover: photo.rover.name, id: photo.id.description))
    let byProduct = StableHash.value(Self.key(rover: photo.rover.name, id: "product:" + photo.productKey))
    return lock.withLock { entries[byID] ?? entries[byProduct] }
  }

  /// Whether the frame is recorded under another id (listed by another service), not under this photo's own.
  public func hasFrameUnderAnotherID(_ photo: Photo) -> Bool {
    let byID = StableHash.value(Self.key(rover: photo.rover.name, id: photo.id.description))
    let byProduct = StableHash.value(Self.key(rover: photo.rover.name, id: "product:" + photo.productKey))
    return lock.withLock { !earlierIDs.contains(byID) && earlierProducts.contains(byProduct) }
  }

  /// The recorded size of the file at `path` (relative to the output directory).
  public func bytes(forPath path: String) -> Int? {
    let key = StableHash.value(path)
    return lock.withLock { byPath[key] }
  }

  public var count: Int { lock.withLock { entries.count } }

  /// Writes any held-back lines; call when a run ends.
  public func flush() throws {
    try lock.withLock { try writePending() }
  }

  /// One `write(2)` on the `O_APPEND` descriptor, so lines from two writers never interleave; call under `lock`.
  private func writePending() throws {
    guard pendingCount > 0 else { return }
    let written = pending.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    guard written == pending.count else {
      throw DownloadError.io(path: path, reason: written < 0 ? errnoText() : "short write")
    }
    pending.removeAll(keepingCapacity: true)
    pendingCount = 0
  }

  /// Appends one line (now, or with the next batch).
  public func record(_ photo: Photo, bytes: Int, path: String) throws {
    // Tabs and newlines would break the line format; a plain map is cheaper than bridging to NSString per photo.
    let clean = { (text: String) -> String in
      text.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" })
        ? String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 }) : text
    }
    let line =
      [
        clean(photo.rover.name.lowercased()), clean(photo.id.description), String(bytes), clean(path),
        clean(photo.productKey),
      ].joined(separator: "\t") + "\n"
    try lock.withLock {
      pending.append(contentsOf: line.utf8)
      pendingCount += 1
      if pendingCount > batch { try writePending() }
      entries[StableHash.value(Self.key(rover: photo.rover.name, id: photo.id.description))] = bytes
      entries[StableHash.value(Self.key(rover: photo.rover.name, id: "product:" + photo.productKey))] = bytes
      byPath[StableHash.value(path)] = bytes
    }
  }
}
