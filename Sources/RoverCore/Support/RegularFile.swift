import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A file named by a user or found in a folder others write to, opened for reading only when it is a regular file:
/// opened without waiting (a named pipe with no writer would block for ever), sized on what was opened (a link's
/// target, not the link), so a caller can refuse a huge one before reading it.
package struct RegularFile {
  package enum Failure: Error {
    /// Missing, unreadable, or a link where links are not followed.
    case cannotOpen
    /// A pipe, a directory, a device.
    case notRegular
  }

  package let handle: FileHandle
  /// Bytes, as the file system says when it was opened.
  package let size: Int

  /// - Parameter followingLinks: false refuses a link at `path` itself (`cannotOpen`).
  package static func open(_ path: String, followingLinks: Bool = true) -> Result<RegularFile, Failure> {
    let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
    let descriptor = Glibc.open(path, flags)
    guard descriptor >= 0 else { return .failure(.cannotOpen) }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
    return .success(RegularFile(handle: handle, size: Int(info.st_size)))
  }

  /// At most `limit` bytes from the start; nil when reading fails.
  package func read(upTo limit: Int) -> Data? {
    do { return try handle.read(upToCount: limit) ?? Data() } catch { return nil }
  }
}
