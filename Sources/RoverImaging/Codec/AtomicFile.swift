import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a file under a temporary name in its target folder and renames it into place only when complete, so the
/// final name never holds half a file (a full disk or a crash leaves the old file or none).
enum AtomicFile {
  /// Calls `body` with a descriptor open on the temporary file, then names it `path`. `body` returns nil on success
  /// or the reason it failed; the temporary file is removed on any failure.
  ///
  /// - Throws: ``ImagingError/writeFailed(path:reason:)``.
  static func write(to path: String, _ body: (Int32) -> String?) throws(ImagingError) {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    var template = Array(((folder.isEmpty ? "." : folder) + "/." + name + ".XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
    guard fd >= 0 else { throw .writeFailed(path: path, reason: systemReason()) }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    let temporary = text(template)
    let failure = body(fd)
    // mkstemp makes the file 0600; a picture is readable by all, as the downloader's images are. (Reading the umask
    // means setting it, which races with other threads creating files.)
    fchmod(fd, 0o644)
    let closed = close(fd) == 0
    guard failure == nil, closed, rename(temporary, path) == 0 else {
      let reason = failure ?? systemReason()
      unlink(temporary)
      throw .writeFailed(path: path, reason: reason)
    }
  }

  /// Writes `data` whole.
  ///
  /// - Throws: ``ImagingError/writeFailed(path:reason:)``.
  static func write(_ data: Data, to path: String) throws(ImagingError) {
    try write(to: path) { fd in
      data.withUnsafeBytes { buffer -> String? in
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
          let written = Glibc.write(fd, base + offset, buffer.count - offset)
          if written < 0, errno == EINTR { continue }
          if written <= 0 { return systemReason() }
          offset += written
        }
        return nil
      }
    }
  }

  /// `errno` in words.
  static func systemReason() -> String {
    guard let message = strerror(errno) else { return "error \(errno)" }
    return text(Array(UnsafeBufferPointer(start: message, count: strlen(message))))
  }

  /// A C string buffer (NUL-terminated or not) as text.
  static func text(_ characters: [CChar]) -> String {
    String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
