import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A dry run reads what the record remembers without writing a byte into the output folder: opening a record
/// creates the folder, takes its lock and writes the run's number, so a dry run opens a copy in a scratch folder.
extension DownloadRecord {
  /// The folder's lock file, which every writer into the folder holds for its run.
  package static var folderLockName: String { FolderLock.fileName }

  /// A copy of the record of `outputDirectory` (an empty record when it has none, or no folder at all), opened in
  /// a new folder under `scratch`; remove that folder when done. The output folder is only read: the record file is
  /// opened without following a link, and nothing there is created, locked or changed.
  /// - Throws: `DownloadError.io` when the copy cannot be made or opened.
  package static func scratchCopy(
    of outputDirectory: URL, shard: Shard?, in scratch: URL = FileManager.default.temporaryDirectory
  ) async throws -> (record: DownloadRecord, folder: URL) {
    let folder = scratch.appendingPathComponent("rover-dry-run-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw DownloadError.io(path: folder.path, reason: "\(error.localizedDescription)")
    }
    let name = fileName(shard: shard)
    let source = outputDirectory.appendingPathComponent(name).path
    let original = Glibc.open(source, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    if original >= 0 {
      defer { Glibc.close(original) }
      try copy(original, from: source, to: folder.appendingPathComponent(name).path)
    }
    return (try await DownloadRecord(outputDirectory: folder, shard: shard), folder)
  }

  /// Copies an open file's bytes to a new file at `path`.
  private static func copy(_ descriptor: Int32, from source: String, to path: String) throws {
    let target = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard target >= 0 else { throw DownloadError.io(path: path, reason: errnoText()) }
    defer { Glibc.close(target) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else {
        if count < 0 { throw DownloadError.io(path: source, reason: errnoText()) }
        return
      }
      let written = buffer.withUnsafeBytes { Glibc.write(target, $0.baseAddress, count) }
      guard written == count else { throw DownloadError.io(path: path, reason: errnoText()) }
    }
  }
}
