import Foundation
import RoverCore

#if canImport(Glibc)
  import Glibc
#endif

/// The folder one `sync` run mirrors into, and its record: for a dry run, a copy in a scratch folder, so the output
/// folder is not written. A run stopped by a usage error leaves nothing behind in a folder it started.
package final class SyncFolder: Sendable {
  package let output: URL
  package let record: DownloadRecord
  /// The dry run's scratch folder, removed by ``close()``.
  private let scratch: URL?
  private let recordPath: String
  /// No record was there before this run.
  private let isNew: Bool

  private init(output: URL, record: DownloadRecord, scratch: URL?, recordPath: String, isNew: Bool) {
    self.output = output
    self.record = record
    self.scratch = scratch
    self.recordPath = recordPath
    self.isNew = isNew
  }

  /// Opens (or, for a dry run, copies) the record of `output` for `shard`; `onWait` is told once if another run
  /// holds it.
  /// - Throws: `DownloadError` when the record cannot be opened, copied or created.
  package static func open(
    _ output: URL, shard: Shard?, dryRun: Bool, onWait: @escaping @Sendable (Notice) -> Void
  ) async throws -> SyncFolder {
    let recordPath = output.appendingPathComponent(DownloadRecord.fileName(shard: shard)).path
    let isNew = !FileManager.default.fileExists(atPath: recordPath)
    if dryRun {
      let (record, folder) = try await DownloadRecord.scratchCopy(of: output, shard: shard)
      return SyncFolder(output: output, record: record, scratch: folder, recordPath: recordPath, isNew: isNew)
    }
    let record = try await DownloadRecord(outputDirectory: output, shard: shard, onWait: onWait)
    return SyncFolder(output: output, record: record, scratch: nil, recordPath: recordPath, isNew: isNew)
  }

  /// Removes a dry run's scratch copy; nothing otherwise.
  package func close() {
    if let scratch { try? FileManager.default.removeItem(at: scratch) }
  }

  /// After a run stopped by a usage error (a name template that gives two photos one name): removes what opening
  /// the record made in a folder this run started (no record, no lock file), and the folder if nothing else is in it.
  package func discardIfStarted() {
    guard isNew, scratch == nil else { return }
    let lock = output.appendingPathComponent(DownloadRecord.folderLockName).path
    for path in [recordPath, recordPath + "-journal", lock] { unlink(path) }
    rmdir(output.path)
  }
}
