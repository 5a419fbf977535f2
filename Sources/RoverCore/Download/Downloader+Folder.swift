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
    for notice in Self.notices(of: record) { events(.warning(notice)) }
    return FolderHold(record: record, lock: nil)
  }

  func openArchive() async throws -> DownloadArchive? {
    guard let url = options.archive else { return nil }
    let events = self.events
    let archive = try await DownloadArchive(name: url.path, shownAs: url.path, onWait: { events(.warning($0)) })
    if archive.skippedLines > 0 { events(.warning(.unreadableLines(count: archive.skippedLines, path: archive.path))) }
    return archive
  }

  /// What the record's opening found that the user should know: a damaged file set aside, bad lines imported.
  package static func notices(of record: DownloadRecord) -> [Notice] {
    var notices: [Notice] = []
    if let original = record.copyOf, record.rebuiltFrom != nil {
      // A dry run read a copy: the record itself was not moved, a real run will move it.
      notices.append(.recordDamaged(path: original, reason: record.rebuiltBecause))
    } else if let aside = record.rebuiltFrom {
      notices.append(
        .recordRebuilt(
          path: record.path, movedTo: aside, reason: record.rebuiltBecause,
          settingsCarriedOver: record.carriedSettingsOver))
    }
    if record.skippedLines > 0 {
      notices.append(.legacyRecordLinesSkipped(count: record.skippedLines, path: DownloadRecord.legacyName))
    }
    return notices
  }
}
