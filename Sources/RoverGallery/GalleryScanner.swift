import Foundation
import RoverCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the JPEG and PNG images under a folder and reads their `NAME.json` sidecars.
///
/// Hidden files and folders (`.rover-downloads.tsv`, `.NAME.*.part`, `.thumbnails/`) are skipped. Symlinks are
/// never followed out of the folder: a linked folder is not entered, and a linked image counts only when it resolves
/// to a file inside the folder.
package struct GalleryScanner: Sendable {
  /// Image types by lowercased file extension.
  package static let imageExtensions: Set<String> = ["jpg", "jpeg", "png"]
  /// A sidecar larger than this is not a photo's JSON: it is ignored instead of read.
  static let maximumSidecarBytes = 1 << 20

  /// The folder as the file system resolves it (symlinks in its own path followed once, here).
  package let root: URL
  private let rootPath: String

  /// Resolves `directory`; throws if it is missing or not a folder.
  package init(directory: URL) throws {
    let path = directory.path
    guard let resolved = realpath(path, nil) else { throw GalleryError.directoryNotFound(path: path) }
    defer { free(resolved) }
    var info = stat()
    guard stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      throw GalleryError.directoryNotFound(path: path)
    }
    rootPath = String(cString: resolved)
    root = URL(fileURLWithPath: rootPath, isDirectory: true)
  }

  /// Every image below the folder, sorted by path; an unreadable subfolder is skipped, an unreadable root throws.
  package func scan() throws -> [GalleryItem] {
    var skipped: [String] = []
    return try scan(skipped: &skipped)
  }

  /// The same, saying in `skipped` what was left out and why (a subfolder that cannot be read, names that are not
  /// UTF-8), one phrase each, so nothing is left off the page in silence.
  package func scan(skipped: inout [String]) throws -> [GalleryItem] {
    var items: [GalleryItem] = []
    var pending: [String] = [""]
    let decoder = JSONDecoder()
    var isRoot = true
    while let relative = pending.popLast() {
      let listing: [Entry]
      do {
        var undecodable = 0
        listing = try entries(of: relative, undecodable: &undecodable)
        if undecodable > 0 {
          skipped.append(
            "\(undecodable) name\(undecodable == 1 ? "" : "s") in \(relative.isEmpty ? "." : relative) not in UTF-8")
        }
      } catch let error as GalleryError {
        if isRoot { throw error }
        skipped.append(error.errorDescription ?? "\(relative): cannot be read")
        continue
      }
      isRoot = false
      let names = Set(listing.lazy.filter { $0.kind == .file }.map(\.name))
      for entry in listing {
        let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
        switch entry.kind {
        case .directory:
          pending.append(path)
        case .file, .link:
          guard Self.isImage(entry.name), let info = imageInfo(path, isLink: entry.kind == .link) else { continue }
          let sidecar = names.contains(entry.name + ".json") ? metadata(at: path + ".json", decoder: decoder) : nil
          items.append(GalleryItem(path: path, metadata: sidecar, bytes: info.bytes, modified: info.modified))
        case .other:
          continue
        }
      }
    }
    items.sort { $0.path < $1.path }
    return items
  }

  /// Whether a file name has an image extension and is not hidden.
  package static func isImage(_ name: String) -> Bool {
    guard !name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
    return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
  }

  struct Entry {
    enum Kind { case file, directory, link, other }
    var name: String
    var kind: Kind
  }

  /// The visible entries of one folder. Names that are not valid UTF-8 cannot be linked reliably and are skipped,
  /// counted in `undecodable`.
  func entries(of relative: String, undecodable: inout Int) throws -> [Entry] {
    let path = absolute(relative)
    guard let directory = opendir(path) else {
      throw GalleryError.unreadableDirectory(path: path, reason: String(cString: strerror(errno)))
    }
    defer { closedir(directory) }
    var result: [Entry] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(validatingCString: $0) }
      }
      guard let name else {
        undecodable += 1
        continue
      }
      guard !name.hasPrefix(".") else { continue }
      result.append(Entry(name: name, kind: kind(of: entry.pointee.d_type, at: path + "/" + name)))
    }
    return result
  }

  private func kind(of type: UInt8, at path: String) -> Entry.Kind {
    switch Int32(type) {
    case Int32(DT_REG): return .file
    case Int32(DT_DIR): return .directory
    case Int32(DT_LNK): return .link
    default:
      // Some file systems do not fill d_type: ask lstat, which never follows a link.
      var info = stat()
      guard lstat(path, &info) == 0 else { return .other }
      switch info.st_mode & S_IFMT {
      case S_IFREG: return .file
      case S_IFDIR: return .directory
      case S_IFLNK: return .link
      default: return .other
      }
    }
  }

  /// Size and modification time of an image; a link only when it resolves to a regular file inside the root.
  private func imageInfo(_ relative: String, isLink: Bool) -> (bytes: Int64, modified: Int64)? {
    let path = absolute(relative)
    var info = stat()
    if isLink {
      guard let resolved = realpath(path, nil) else { return nil }
      defer { free(resolved) }
      guard String(cString: resolved).hasPrefix(rootPath == "/" ? "/" : rootPath + "/"), stat(resolved, &info) == 0
      else { return nil }
    } else {
      guard lstat(path, &info) == 0 else { return nil }
    }
    guard info.st_mode & S_IFMT == S_IFREG else { return nil }
    #if os(Linux)
      let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    #else
      let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
    #endif
    return (Int64(info.st_size), modified)
  }

  /// The sidecar's photo, or nil when it is unreadable, too large, a link, or not a photo's JSON.
  private func metadata(at relative: String, decoder: JSONDecoder) -> GalleryMetadata? {
    let descriptor = open(absolute(relative), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    guard let data = try? handle.read(upToCount: Self.maximumSidecarBytes + 1), data.count <= Self.maximumSidecarBytes,
      let photo = try? decoder.decode(Photo.self, from: data)
    else { return nil }
    return GalleryMetadata(photo)
  }

  private func absolute(_ relative: String) -> String {
    relative.isEmpty ? rootPath : (rootPath == "/" ? "" : rootPath) + "/" + relative
  }
}
