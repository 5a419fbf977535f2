import Foundation

/// File operations that never leave a partial file under a final name.
enum FileStore {
  /// A hidden name in the destination's own directory, so the final rename never crosses file systems.
  static func temporaryURL(for destination: URL) -> URL {
    // Unique per process and attempt without UUID(), which reads /dev/urandom on every call here.
    let serial = counter.withLock { value -> Int in
      value += 1
      return value
    }
    let name = ".\(destination.lastPathComponent.prefix(120)).\(getpid())-\(serial).part"
    return destination.deletingLastPathComponent().appendingPathComponent(name, isDirectory: false)
  }

  private static let counter = Locked(0)

  /// The system's own words for a failed file operation ("No space left on device"), not Foundation's wrapper.
  static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let posix = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError), posix.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(posix.code)))
    }
    if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
    return nsError.localizedDescription
  }

  static func rename(_ source: URL, to destination: URL) throws {
    guard Glibc.rename(source.path, destination.path) == 0 else {
      throw DownloadError.io(path: destination.path, reason: String(cString: strerror(errno)))
    }
  }

  static func remove(_ url: URL) {
    unlink(url.path)
  }

  static func size(of url: URL) -> Int? {
    var info = stat()
    guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  static func writeAtomically(_ data: Data, to destination: URL) throws {
    let temporary = temporaryURL(for: destination)
    do {
      try data.write(to: temporary)
    } catch {
      remove(temporary)
      throw DownloadError.io(path: destination.path, reason: reason(error))
    }
    try rename(temporary, to: destination)
  }

  /// A second name for an already downloaded image: a hard link when possible, else a copy; atomic either way.
  static func place(copyOf source: URL, at destination: URL) throws {
    let temporary = temporaryURL(for: destination)
    if link(source.path, temporary.path) != 0 {
      do {
        try FileManager.default.copyItem(at: source, to: temporary)
      } catch {
        remove(temporary)
        throw DownloadError.io(path: destination.path, reason: reason(error))
      }
    }
    do {
      try rename(temporary, to: destination)
    } catch {
      remove(temporary)
      throw error
    }
  }
}

#if canImport(Glibc)
  import Glibc
#endif
