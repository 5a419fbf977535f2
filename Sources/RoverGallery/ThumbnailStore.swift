import Foundation
import RoverCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `DIR/.thumbnails/`: one small JPEG per image, named after a hash of the image's path, size, modification time and
/// the thumbnail size. An unchanged image keeps its thumbnail from run to run; a changed one gets a new name; the
/// thumbnails of images that are gone are removed.
package struct ThumbnailStore: Sendable {
  package static let directoryName = ".thumbnails"

  /// The image folder (resolved) and the thumbnail folder inside it.
  package let root: String
  package let directory: String
  package let maxSide: Int

  /// - Parameter root: the folder as ``GalleryScanner`` resolved it (links in its own path followed).
  package init(root: URL, maxSide: Int = 320) {
    self.root = root.path
    directory = root.path + "/" + Self.directoryName
    self.maxSide = maxSide
  }

  /// What one run did.
  package struct Report: Sendable, Equatable {
    package var made = 0
    package var reused = 0
    package var removed = 0
    /// Images that could not be read or decoded, with the reason; the page shows them full size.
    package var failed: [Failure] = []
  }

  package struct Failure: Sendable, Equatable {
    package var path: String
    package var reason: String
  }

  /// The file name of an image's thumbnail: 16 hex digits of FNV-1a over the key fields, then `.jpg`.
  package func name(for item: GalleryItem) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in "\(maxSide)\u{0}\(item.path)\u{0}\(item.bytes)\u{0}\(item.modified)".utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex + ".jpg"
  }

  /// The file to read for an image: a link the scanner accepted (it resolves inside the root, which the scanner
  /// resolved already) is read where it points, since the reader never opens a link itself; anything else as named.
  static func source(_ path: String, in root: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    let target = String(cString: resolved)
    return target.hasPrefix(root == "/" ? "/" : root + "/") ? target : path
  }

  /// Gives every item a thumbnail, reusing those already made, `jobs` at a time (at most four by default: each
  /// holds an image file and its decoder's memory); then removes stale ones.
  /// `progress` gets (done, to make) after each new thumbnail.
  package func update(
    _ items: inout [GalleryItem], jobs: Int = min(4, ProcessInfo.processInfo.activeProcessorCount),
    progress: (@Sendable (Int, Int) -> Void)? = nil
  ) async throws -> Report {
    guard ThumbnailMaker.isAvailable else { throw GalleryError.thumbnailsUnavailable }
    try makeDirectory()
    let existing = try Set(names())
    var report = Report()
    var wanted: Set<String> = []
    var work: [Job] = []
    for index in items.indices {
      let name = name(for: items[index])
      wanted.insert(name)
      if existing.contains(name) {
        items[index].thumbnail = name
        report.reused += 1
      } else {
        work.append(Job(index: index, source: Self.source(root + "/" + items[index].path, in: root), name: name))
      }
    }
    let total = work.count
    try await withThrowingTaskGroup(of: (Job, ThumbnailFailure?).self) { group in
      var pending = work[...]
      for _ in 0..<max(1, jobs) {
        guard let job = pending.popFirst() else { break }
        group.addTask { try make(job) }
      }
      while let (job, failure) = try await group.next() {
        if let failure {
          report.failed.append(Failure(path: items[job.index].path, reason: failure.reason))
        } else {
          items[job.index].thumbnail = job.name
          report.made += 1
        }
        progress?(report.made + report.failed.count, total)
        if let next = pending.popFirst() { group.addTask { try make(next) } }
      }
    }
    // Jobs finish in any order; the report lists failures in path order, the same from run to run.
    report.failed.sort { $0.path < $1.path }
    report.removed = removeStale(existing.subtracting(wanted))
    removeAbandonedTemporaries()
    return report
  }

  struct Job: Sendable {
    var index: Int
    var source: String
    var name: String
  }

  /// One thumbnail: a bad image is a failure to report, a write error ends the run.
  private func make(_ job: Job) throws -> (Job, ThumbnailFailure?) {
    try Task.checkCancellation()
    do {
      let data = try ThumbnailMaker.thumbnail(ofImageAt: job.source, maxSide: maxSide)
      try GalleryFile.write(data, to: directory + "/" + job.name)
      return (job, nil)
    } catch let failure as ThumbnailFailure {
      return (job, failure)
    }
  }

  /// Creates `.thumbnails/` if needed; refuses one that is a symlink or a file, so nothing is written outside DIR.
  private func makeDirectory() throws {
    var info = stat()
    if lstat(directory, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw GalleryError.cannotWrite(path: directory, reason: "exists and is not a directory")
      }
      return
    }
    guard mkdir(directory, 0o755) == 0 || errno == EEXIST else {
      throw GalleryError.cannotWrite(path: directory, reason: String(cString: strerror(errno)))
    }
  }

  /// The thumbnail-shaped names in the folder (16 hex digits + `.jpg`); anything else there is left alone.
  func names() throws -> [String] {
    guard let folder = opendir(directory) else {
      throw GalleryError.cannotWrite(path: directory, reason: String(cString: strerror(errno)))
    }
    defer { closedir(folder) }
    var result: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
      }
      if Self.isThumbnailName(name) { result.append(name) }
    }
    return result
  }

  static func isThumbnailName(_ name: String) -> Bool {
    let utf8 = Array(name.utf8)
    guard utf8.count == 20, name.hasSuffix(".jpg") else { return false }
    return utf8[..<16].allSatisfy {
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
    }
  }

  /// Temporaries (`.NAME.jpg.XXXXXX`) an interrupted run left behind; recent ones may belong to a run in progress.
  private func removeAbandonedTemporaries(olderThan age: TimeInterval = 3600) {
    guard let folder = opendir(directory) else { return }
    defer { closedir(folder) }
    let cutoff = Int(Date().timeIntervalSince1970 - age)
    while let entry = readdir(folder) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
      }
      guard name.hasPrefix("."), name.count == 28, Self.isThumbnailName(String(name.dropFirst().prefix(20))) else {
        continue
      }
      var info = stat()
      let path = directory + "/" + name
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      #if os(Linux)
        let modified = Int(info.st_mtim.tv_sec)
      #else
        let modified = Int(info.st_mtimespec.tv_sec)
      #endif
      if modified < cutoff { unlink(path) }
    }
  }

  private func removeStale(_ names: Set<String>) -> Int {
    names.reduce(0) { count, name in unlink(directory + "/" + name) == 0 ? count + 1 : count }
  }
}
