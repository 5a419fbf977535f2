import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A new file under the system's temporary directory, open for reading and writing, for a test that hands an
/// engine a descriptor to write a body to. Call `remove()` in a `defer`.
public struct ScratchFile: Sendable {
  public let url: URL
  public let descriptor: Int32

  public init(_ prefix: String = "rover-test") throws {
    url = TestDirectory.unused(prefix)
    descriptor = open(url.path, O_RDWR | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else { throw ScratchFileError(path: url.path, code: errno) }
  }

  public var path: String { url.path }

  /// Closes the descriptor and removes the file.
  public func remove() {
    close(descriptor)
    try? FileManager.default.removeItem(at: url)
  }
}

/// The scratch file could not be created.
public struct ScratchFileError: Error, CustomStringConvertible {
  public let path: String
  public let code: Int32

  public var description: String { "cannot create \(path): \(String(cString: strerror(code)))" }
}
