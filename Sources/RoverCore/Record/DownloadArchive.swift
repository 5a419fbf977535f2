import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The user's `--archive`: completed photos, one tab-separated line each (`rover`, `id`, `bytes`, `path`,
/// `product`), appended as each photo completes so an interrupted run keeps what it finished. A text file the user
/// can read and move between directories (the output directory's own record is `DownloadRecord`).
///
/// The file is opened without following a link, read only after taking an exclusive lock that is held for the
/// whole run (so two processes sharing it take turns instead of both downloading everything), and read line by
/// line: a line that is not UTF-8 or not four or five fields (older archives lack the product) is skipped and
/// counted, never the whole file.
package final class DownloadArchive: @unchecked Sendable {
  package let path: String
  /// Lines that could not be read; the caller says so once.
  package let skippedLines: Int
  // @unchecked: `entries` and `pending` are only used under `lock`; `descriptor` never changes.
  private let lock = NSLock()
  private let descriptor: Int32
  /// Byte counts by a 64-bit hash of the key, not the key itself: a mission's record is tens of thousands of
  /// lines, and memory must stay small in the number of photos (a few bytes a key, not a line).
  private var entries: [UInt64: UInt32] = [:]
  /// A newline owed to a torn last line, written before the next record.
  private var pending = Data()

  /// Opens (creating) `name` relative to `directory` (`AT_FDCWD` for a path of the user's), waiting for another
  /// process's lock; `onWait` is told once if it has to wait.
  init(
    directory: Int32 = AT_FDCWD, name: String, shownAs path: String, onWait: (Notice) -> Void = { _ in }
  )
    async throws
  {
    self.path = path
    descriptor = openat(directory, name, O_RDWR | O_CREAT | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let reason = errno == ELOOP ? "a symbolic link; refusing to follow it" : errnoText()
      throw DownloadError.io(path: path, reason: reason)
    }
    do {
      // A device or a pipe (`--archive /dev/zero`) would be read for ever: only a plain file is an archive.
      var info = stat()
      guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
        throw DownloadError.io(path: path, reason: "not a regular file; give a file's path")
      }
      try await Self.lockExclusively(descriptor, path: path, onWait: onWait)
      var loaded: [UInt64: UInt32] = [:]
      let (skipped, tornTail) = try Self.forEachLine(descriptor, path: path) { line in
        loaded[StableHash.value(Self.key(rover: line.rover, id: line.id))] = line.bytes
        if let product = line.product {
          loaded[StableHash.value(Self.key(rover: line.rover, id: "product:" + product))] = line.bytes
        }
      }
      entries = loaded
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
  static func lockExclusively(_ descriptor: Int32, path: String, onWait: (Notice) -> Void) async throws {
    var told = false
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else { throw DownloadError.io(path: path, reason: errnoText()) }
      if !told {
        onWait(.waitingForFile(path: path))
        told = true
      }
      try await Task.sleep(nanoseconds: 100_000_000)
    }
  }

  /// One good line of a record: `rover`, `id`, `bytes`, `path`, and since the product key, `product`.
  struct Line {
    var rover: String
    var id: String
    var bytes: UInt32
    var path: String
    var product: String?
  }

  /// Reads the file a chunk at a time and hands over each good line; nothing of the text is kept. Returns the bad
  /// lines' count and whether the last line is torn.
  static func forEachLine(
    _ descriptor: Int32, path: String, _ each: (Line) throws -> Void
  ) throws -> (skipped: Int, tornTail: Bool) {
    var skipped = 0
    var line: [UInt8] = []
    var overlong = false
    let maxLine = 16_384
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var offset: off_t = 0
    func parse(_ bytes: [UInt8]) throws {
      guard let text = String(validating: bytes, as: UTF8.self) else {
        skipped += 1
        return
      }
      let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
      // Older records have four fields, without the product.
      guard fields.count == 4 || fields.count == 5, let size = UInt32(fields[2]) else {
        skipped += 1
        return
      }
      try each(
        Line(
          rover: String(fields[0]), id: String(fields[1]), bytes: size, path: String(fields[3]),
          product: fields.count == 5 ? String(fields[4]) : nil))
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
            try parse(line)
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
  package func bytes(for photo: Photo) -> Int? {
    let byID = StableHash.value(Self.key(rover: photo.rover.name, id: photo.id.description))
    let byProduct = StableHash.value(Self.key(rover: photo.rover.name, id: "product:" + photo.productKey))
    return lock.withLock { (entries[byID] ?? entries[byProduct]).map { Int($0) } }
  }

  package var count: Int { lock.withLock { entries.count } }

  /// One `write(2)` on the `O_APPEND` descriptor, so lines from two writers never interleave; call under `lock`.
  private func writePending() throws {
    let written = pending.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    guard written == pending.count else {
      throw DownloadError.io(path: path, reason: written < 0 ? errnoText() : "short write")
    }
    pending.removeAll(keepingCapacity: true)
  }

  /// Appends one line.
  package func record(_ photo: Photo, bytes: Int, path: String) throws {
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
      try writePending()
      let size = UInt32(clamping: bytes)
      entries[StableHash.value(Self.key(rover: photo.rover.name, id: photo.id.description))] = size
      entries[StableHash.value(Self.key(rover: photo.rover.name, id: "product:" + photo.productKey))] = size
    }
  }
}
