import Foundation
import RoverCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written under a hidden temporary name beside its final one (`mkstemp`: `O_CREAT|O_EXCL`, unpredictable),
/// then renamed into place, so a reader never sees half a page or half a thumbnail.
struct GalleryFile: GallerySink {
  let destination: String
  private let temporary: String
  private let handle: FileHandle
  private var buffer = ""
  private static let flushSize = 1 << 18

  init(destination: String) throws {
    self.destination = destination
    let url = URL(fileURLWithPath: destination)
    let folder = url.deletingLastPathComponent().path
    var template = Array((folder + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { throw Self.failure(destination) }
    temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // mkstemp makes the file private (0600); a page and its thumbnails are meant to be read, like the images.
    fchmod(descriptor, 0o644)
    handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

  /// Writes `data` to `destination` in one step.
  static func write(_ data: Data, to destination: String) throws {
    var file = try GalleryFile(destination: destination)
    do {
      try file.write(data)
      try file.commit()
    } catch {
      file.discard()
      throw error
    }
  }

  mutating func write(_ text: String) throws {
    buffer += text
    if buffer.utf8.count >= Self.flushSize { try flush() }
  }

  func write(_ data: Data) throws {
    do { try handle.write(contentsOf: data) } catch { throw Self.failure(destination, error) }
  }

  /// Puts the finished file in place.
  mutating func commit() throws {
    try flush()
    do { try handle.close() } catch { throw Self.failure(destination, error) }
    guard rename(temporary, destination) == 0 else {
      let failure = Self.failure(destination)
      unlink(temporary)
      throw failure
    }
  }

  /// Gives up: the temporary file goes, the final name is untouched.
  func discard() {
    try? handle.close()
    unlink(temporary)
  }

  private mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    try write(Data(buffer.utf8))
    buffer = ""
  }

  private static func failure(_ path: String, _ error: (any Error)? = nil) -> GalleryError {
    let reason = error.map(SystemError.text) ?? String(cString: strerror(errno))
    return .cannotWrite(path: path, reason: reason)
  }
}
