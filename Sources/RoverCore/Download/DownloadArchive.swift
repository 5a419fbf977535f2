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

  public init(url: URL) throws {
    self.url = url
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

  /// Appends one line; the write is a single `write(2)` on an `O_APPEND` descriptor.
  public func record(_ photo: Photo, bytes: Int, path: String) throws {
    let clean = { (text: String) in
      text.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
    }
    let line =
      [clean(photo.rover.name.lowercased()), clean(photo.id.description), String(bytes), clean(path)]
      .joined(separator: "\t") + "\n"
    try lock.withLock {
      if handle == nil {
        let descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
          throw DownloadError.io(path: url.path, reason: String(cString: strerror(errno)))
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
      }
      do {
        try handle?.write(contentsOf: Data(line.utf8))
      } catch {
        throw DownloadError.io(path: url.path, reason: ImageTransfer.reason(error))
      }
      let entry = Entry(bytes: bytes, path: path)
      entries[Self.key(rover: photo.rover.name, id: photo.id.description)] = entry
      byPath[path] = entry
    }
  }
}
