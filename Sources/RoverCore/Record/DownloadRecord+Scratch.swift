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
    let directory = try SafeDirectory.root(folder)
    let name = fileName(shard: shard)
    let original = Glibc.open(outputDirectory.appendingPathComponent(name).path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    if original >= 0 {
      defer { Glibc.close(original) }
      let copy = try directory.temporaryFile()
      try copy.copy(from: original)
      try copy.commit(as: name)
    }
    let record = try await DownloadRecord(directory: directory, shard: shard)
    record.copyOf = outputDirectory.appendingPathComponent(name).path
    return (record, folder)
  }
}
