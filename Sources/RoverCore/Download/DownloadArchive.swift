import Foundation

/// A record of completed photos, one tab-separated line each (`rover`, `id`, `bytes`, `path`), appended as each
/// photo completes so an interrupted run keeps what it finished. Lines cut short by a crash are ignored on load.
public final class DownloadArchive: @unchecked Sendable {
  public struct Entry: Hashable, Sendable {
    public var bytes: Int
    public var path: String
  }

  public let url: URL
  // @unchecked: `entries` and `handle` are only used under `lock`.
  private let lock = NSLock()
  private var entries: [String: Entry] = [:]
  private var byPath: [String: Entry] = [:]
  private var handle: FileHandle?

  /// Lines held back before a write; 0 writes each line at once (the user's `--archive`), more saves a write per
  /// photo for the hidden record, whose loss in a crash only costs a size check.
  let batch: Int
  private var pending = ""
  private var pendingCount = 0

  public init(url: URL, batch: Int = 0) throws {
    self.url = url
    self.batch = max(0, batch)
    if let text = try? String(contentsOf: url, encoding: .utf8) {
      for line in text.split(separator: "\n") {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 4, let bytes = Int(fields[2]) else { continue }
        let entry = Entry(bytes: bytes, path: String(fields[3]))
        entries[Self.key(rover: String(fields[0]), id: String(fields[1]))] = entry
        byPath[entry.path] = entry
      }
    }
  }

  static func key(rover: String, id: String) -> String { rover.lowercased() + "\t" + id }

  public func entry(for photo: Photo) -> Entry? {
    lock.withLock { entries[Self.key(rover: photo.rover.name, id: photo.id.description)] }
  }

  public func entry(forPath path: String) -> Entry? {
    lock.withLock { byPath[path] }
  }

  public var count: Int { lock.withLock { entries.count } }

  /// Writes any held-back lines; call when a run ends.
  public func flush() throws {
    try lock.withLock { try writePending() }
  }

  /// One `write(2)` on an `O_APPEND` descriptor; call with `lock` held.
  private func writePending() throws {
    guard !pending.isEmpty else { return }
    if handle == nil {
      let descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else {
        throw DownloadError.io(path: url.path, reason: String(cString: strerror(errno)))
      }
      handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
    do {
      try handle?.write(contentsOf: Data(pending.utf8))
    } catch {
      throw DownloadError.io(path: url.path, reason: FileStore.reason(error))
    }
    pending = ""
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
      [clean(photo.rover.name.lowercased()), clean(photo.id.description), String(bytes), clean(path)]
      .joined(separator: "\t") + "\n"
    try lock.withLock {
      pending += line
      pendingCount += 1
      if pendingCount > batch { try writePending() }
      let entry = Entry(bytes: bytes, path: path)
      entries[Self.key(rover: photo.rover.name, id: photo.id.description)] = entry
      byPath[path] = entry
    }
  }
}
