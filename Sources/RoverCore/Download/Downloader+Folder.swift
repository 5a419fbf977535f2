import Foundation

/// What a run holds in the output folder besides the files: the folder's lock, the record, the user's archive.
extension Downloader {
  /// Held for the whole run: released, the folder is open to writers whose photos overlap this run's.
  struct FolderHold: Sendable {
    let record: DownloadRecord?
    /// Taken here only by a run that keeps no record; a record holds the folder's lock itself.
    let lock: FolderLock?
  }

  /// The record the caller holds already (a sync), or the one the run opens when ``DownloadOptions/keepsRecord``
  /// asks for one, or, without a record, the folder's lock alone: every run writing into a folder takes it.
  func hold(_ given: DownloadRecord?, in root: SafeDirectory) async throws -> FolderHold {
    if let given { return FolderHold(record: given, lock: nil) }
    let events = self.events
    guard options.keepsRecord else {
      return FolderHold(record: nil, lock: try await FolderLock(in: root, shard: nil) { events(.warning($0)) })
    }
    let record = try await DownloadRecord(directory: root, onWait: { events(.warning($0)) })
    Self.tell(record) { events(.warning($0)) }
    return FolderHold(record: record, lock: nil)
  }

  func openArchive() async throws -> DownloadArchive? {
    guard let url = options.archive else { return nil }
    let events = self.events
    let archive = try await DownloadArchive(name: url.path, shownAs: url.path, onWait: { events(.warning($0)) })
    if archive.skippedLines > 0 {
      let lines = archive.skippedLines
      events(.warning("skipped \(lines) unreadable line\(lines == 1 ? "" : "s") in \(archive.path)"))
    }
    return archive
  }

  /// What the record's opening found that the user should know: a damaged file set aside, bad lines imported.
  package static func tell(_ record: DownloadRecord, _ notice: (String) -> Void) {
    if let original = record.copyOf, record.rebuiltFrom != nil {
      // A dry run read a copy: the record itself was not moved, a real run will move it.
      notice(
        "\(original) is damaged (\(record.rebuiltBecause)): a run without --dry-run sets it aside and starts afresh "
          + "(files in place still count)")
    } else if let aside = record.rebuiltFrom {
      notice(
        "\(record.path) was damaged (\(record.rebuiltBecause)): moved to \(aside) and started afresh "
          + "(files in place still count\(record.carriedSettingsOver ? "; its settings carried over" : ""))")
    }
    if record.skippedLines > 0 {
      let lines = record.skippedLines
      notice("skipped \(lines) unreadable line\(lines == 1 ? "" : "s") of the old record \(DownloadRecord.legacyName)")
    }
  }
}
