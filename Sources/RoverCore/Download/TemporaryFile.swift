import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A file being written that has no final name yet: `commit(as:)` gives it one atomically, `discard()` drops it.
/// Unnamed (`O_TMPFILE`) files need no clean-up at all; a named fallback is removed by `discard()`.
package final class TemporaryFile: @unchecked Sendable {
  // @unchecked: `descriptor` and `name` never change; `closed` is only touched by the one task that owns the file.
  package let descriptor: Int32
  let directory: SafeDirectory
  /// Nil for an unnamed file.
  let name: String?
  private var closed = false

  init(descriptor: Int32, directory: SafeDirectory, name: String?) {
    self.descriptor = descriptor
    self.directory = directory
    self.name = name
  }

  deinit {
    if !closed { close(descriptor) }
  }

  func write(_ data: Data) throws {
    try data.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw DownloadError.io(path: directory.path, reason: errnoText())
        }
        offset += written
      }
    }
  }

  func copy(from input: Int32) throws {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(input, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      if count < 0 { throw DownloadError.io(path: directory.path, reason: errnoText()) }
      if count == 0 { return }
      try write(Data(buffer[0..<count]))
    }
  }

  /// Gives the file its final name. With `replacing`, whatever was there goes (a link included, never followed);
  /// without it, an existing name is left alone and `DownloadError.nameTaken` thrown.
  package func commit(as finalName: String, replacing: Bool = true) throws {
    let target = directory.path + "/" + finalName
    guard !closed else { throw DownloadError.io(path: target, reason: "temporary file already closed") }
    let dir = directory.descriptor
    if let name {
      closed = true
      defer { if !replacing { unlinkat(dir, name, 0) } }
      // close reports late write errors (NFS, quotas) before the name appears.
      guard close(descriptor) == 0 else {
        let failure = DownloadError.io(path: target, reason: errnoText())
        unlinkat(dir, name, 0)
        throw failure
      }
      if replacing {
        guard renameat(dir, name, dir, finalName) == 0 else {
          let failure = Self.placingFailure(target)
          unlinkat(dir, name, 0)
          throw failure
        }
      } else if linkat(dir, name, dir, finalName, 0) != 0 {
        throw errno == EEXIST
          ? DownloadError.nameTaken(path: target) : Self.placingFailure(target)
      }
      return
    }
    // An unnamed file gets its name through /proc; linkat never replaces, so an existing name is replaced by a
    // rename from a staging name.
    if link(as: finalName, in: dir) != 0 {
      guard errno == EEXIST else { throw Self.placingFailure(target) }
      guard replacing else { throw DownloadError.nameTaken(path: target) }
      let staging = ".rover-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).link"
      guard link(as: staging, in: dir) == 0 else {
        throw DownloadError.io(path: target, reason: errnoText())
      }
      guard renameat(dir, staging, dir, finalName) == 0 else {
        let failure = Self.placingFailure(target)
        unlinkat(dir, staging, 0)
        throw failure
      }
    }
    closed = true
    if close(descriptor) != 0 {
      let failure = DownloadError.io(path: target, reason: errnoText())
      unlinkat(dir, finalName, 0)
      throw failure
    }
  }

  /// Why the file could not take its name, from `errno`: a name that cannot hold a file (a directory there, a name
  /// too long) fails this photo alone; anything else (a full disk, a read-only file system) stops the run.
  static func placingFailure(_ target: String) -> DownloadError {
    let reason = errnoText()
    switch errno {
    case EISDIR, ENOTDIR, ENOTEMPTY, ENAMETOOLONG, EINVAL, ELOOP: return .pathBlocked(path: target, reason: reason)
    default: return .io(path: target, reason: reason)
    }
  }

  /// Whether `AT_EMPTY_PATH` links work here: they need a privilege (`CAP_DAC_READ_SEARCH`) that root has and most
  /// users do not, and spare the kernel a walk through /proc for every file. Tried once, then remembered.
  static let linksEmptyPath = Locked(true)
  /// `AT_EMPTY_PATH`, which Glibc declares only for `_GNU_SOURCE`, out of Swift's sight.
  private static let emptyPath: Int32 = 0x1000

  /// Links the unnamed file as `name` in `directory`; 0 or -1 with `errno`, as `linkat`.
  private func link(as name: String, in directory: Int32) -> Int32 {
    if Self.linksEmptyPath.current {
      if linkat(descriptor, "", directory, name, Self.emptyPath) == 0 { return 0 }
      // Without the privilege the kernel answers ENOENT; any other error is the link's own.
      guard errno == ENOENT else { return -1 }
      Self.linksEmptyPath.withLock { $0 = false }
    }
    return linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", directory, name, AT_SYMLINK_FOLLOW)
  }

  /// Closes and forgets the file; a named one is removed.
  package func discard() {
    if !closed {
      closed = true
      close(descriptor)
    }
    if let name { unlinkat(directory.descriptor, name, 0) }
  }
}
