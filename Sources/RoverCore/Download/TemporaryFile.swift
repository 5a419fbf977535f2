import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A file being written that has no final name yet: `commit(as:)` gives it one atomically, `discard()` drops it.
/// Unnamed (`O_TMPFILE`) files need no clean-up at all; a named fallback is removed by `discard()`.
final class TemporaryFile: @unchecked Sendable {
  // @unchecked: `descriptor` and `name` never change; `closed` is only touched by the one task that owns the file.
  let descriptor: Int32
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
  func commit(as finalName: String, replacing: Bool = true) throws {
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
          let failure = DownloadError.io(path: target, reason: errnoText())
          unlinkat(dir, name, 0)
          throw failure
        }
      } else if linkat(dir, name, dir, finalName, 0) != 0 {
        throw errno == EEXIST
          ? DownloadError.nameTaken(path: target) : DownloadError.io(path: target, reason: errnoText())
      }
      return
    }
    // An unnamed file gets its name through /proc; linkat never replaces, so an existing name is replaced by a
    // rename from a staging name.
    let source = "/proc/self/fd/\(descriptor)"
    if linkat(AT_FDCWD, source, dir, finalName, AT_SYMLINK_FOLLOW) != 0 {
      guard errno == EEXIST else { throw DownloadError.io(path: target, reason: errnoText()) }
      guard replacing else { throw DownloadError.nameTaken(path: target) }
      let staging = ".rover-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).link"
      guard linkat(AT_FDCWD, source, dir, staging, AT_SYMLINK_FOLLOW) == 0 else {
        throw DownloadError.io(path: target, reason: errnoText())
      }
      guard renameat(dir, staging, dir, finalName) == 0 else {
        let failure = DownloadError.io(path: target, reason: errnoText())
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

  /// Closes and forgets the file; a named one is removed.
  func discard() {
    if !closed {
      closed = true
      close(descriptor)
    }
    if let name { unlinkat(directory.descriptor, name, 0) }
  }
}
