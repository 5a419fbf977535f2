import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A record of completed photos, one tab-separated line each (`rover`, `id`, `bytes`, `path`, `product`),
/// appended as each photo completes so an interrupted run keeps what it finished.
///
/// The file is opened without following a link, read only after taking an exclusive lock that is held for the
/// whole run (so two processes sharing it take turns instead of both downloading everything), and read line by
/// line: a line that is not UTF-8 or not four fields is skipped and counted, never the whole file.
public final class DownloadArchive: @unchecked Sendable {
  public let path: String
  /// Lines that could not be read; the caller says so once.
  public let skippedLines: Int
  // @unchecked: `entries`, `byPath` and `pending` are only used under `lock`; `descriptor` never changes.
  private let lock = NSLock()
  private let descriptor: Int32
  /// Byte counts by a 64-bit hash of the key, not the key itself: a mission's record is tens of thousands of
  /// lines, and memory must stay small in the number of photos (a few bytes a key, not a line).
  private var entries: [UInt64: Recorded] = [:]
  private var byPath: [UInt64: UInt32] = [:]
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
      var loaded: [UInt64: Recorded] = [:]
      var paths: [UInt64: UInt32] = [:]
      let (skipped, tornTail) = try Self.read(descriptor, path: path) { key, product, size, path in
        loaded[key] = Recorded(bytes: size, earlier: true)
        if let product { loaded[product] = Recorded(bytes: size, earlier: true) }
        paths[path] = size
      }
      entries = loaded
      byPath = paths
      skippedLines = skipped
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

  /// One record's size, and whether an earlier run wrote it: photos of this run that share an image URL share one
  /// download and each still gets its own file, so only an earlier run says a frame is done under another id.
  struct Recorded {
    var bytes: UInt32
    var earlier: Bool
  }

  /// Reads the file a chunk at a time and hands over each good line's hashed keys (id, product where recorded,
  /// path) and size; nothing of the text is kept. Returns the bad lines' count and whether the last line is torn.
  private static func read(
    _ descriptor: Int32, path: String, _ each: (UInt64, UInt64?, UInt32, UInt64) -> Void
  ) throws -> (skipped: Int, tornTail: Bool) {
    var skipped = 0
    var line: [UInt8] = []
    var overlong = false
    let maxLine = 16_384
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var offset: off_t = 0
    func parse(_ bytes: [UInt8]) {
      guard let text = String(validating: bytes, as: UTF8.self) else {
        skipped += 1
        return
      }
      let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
      // rover, id, bytes, path, and since the product key, the product (older records have four fields).
      guard fields.count == 4 || fields.count == 5, let size = UInt32(fields[2]) else {
        skipped += 1
        return
      }
      let rover = String(fields[0])
      let product = fields.count == 5 ? StableHash.value(key(rover: rover, id: "product:" + fields[4])) : nil
      each(
        StableHash.value(key(rover: rover, id: String(fields[1]))), product, size, StableHash.value(String(fields[3])))
    }
    while true {
      let count = pread(descriptor, &buffer, buffer.count, offset)
      if count < 0, errno == EINTR { continue }
      if count < 0 { throw DownloadError.io(path: path, reason: errnoText()) }
      if count == 0 { break }
      offset += off_t(count)
      for byte in buffer[0..<count] {
        if byte == 0x0A {
          if overlong {
            skipped += 1
          } else if !line.isEmpty {
            parse(line)
          }
          line.removeAll(keepingCapacity: true)
          overlong = false
        } else if line.count < maxLine {
          line.append(byte)
        } else {
          // No record is this long: a damaged or hostile file must not grow memory with one endless line.
          overlong = true
        }
      }
    }
    // The torn tail is an unfinished record, not a bad one: dropped without counting.
    return (skipped, !line.isEmpty)
  }

  static func key(rover: String, id: String) -> String { rover.lowercased() + "\t" + id }

  /// The recorded size of the photo, if it is in the record by its id or, listed by another service, by its
  /// product key.
  public func bytes(for photo: Photo) -> Int? {
    let byID = StableHash.value(Self.key(rover: photo.rover.name, id: photo.id.description))
    let byProduct = StableHash.value(Self.key(rover: photo.rover.name, id: "product:" + photo.productKey))
    return lock.withLock { (entries[byID] ?? entries[byProduct]).map { Int($0.bytes) } }
  }

  /// Whether the frame is recorded under another id (listed by another service), not under this photo's own.
  public func hasFrameUnderAnotherID(_ photo: Photo) -> Bool {
    let byID = StableHash.value(Self.key(rover: photo.rover.name, id: photo.id.description))
    let byProduct = StableHash.value(Self.key(rover: photo.rover.name, id: "product:" + photo.productKey))
    return lock.withLock { entries[byID]?.earlier != true && entries[byProduct]?.earlier == true }
  }

  /// The recorded size of the file at `path` (relative to the output directory).
  public func bytes(forPath path: String) -> Int? {
    let key = StableHash.value(path)
    return lock.withLock { byPath[key].map(Int.init) }
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
      let size = UInt32(clamping: bytes)
      entries[StableHash.value(Self.key(rover: photo.rover.name, id: photo.id.description))] = Recorded(
        bytes: size, earlier: false)
      entries[StableHash.value(Self.key(rover: photo.rover.name, id: "product:" + photo.productKey))] = Recorded(
        bytes: size, earlier: false)
      byPath[StableHash.value(path)] = size
    }
  }
}
