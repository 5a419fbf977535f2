import Foundation

/// The bulk download engine: bounded concurrency, one transfer per image URL however many photos share it,
/// atomic files created only through descriptors of the output directory, retries, skip-on-re-run, and a clean
/// stop on cancellation.
public final class Downloader: Sendable {
  /// A finished transfer: where the bytes landed.
  struct Saved: Sendable {
    var directory: SafeDirectory
    var name: String
    var bytes: Int
  }

  public let options: DownloadOptions
  let events: @Sendable (DownloadEvent) -> Void
  /// Keyed by image URL so a URL is fetched once however many photos share it. Finished tasks stay for a while
  /// (photos sharing an image are listed close together), within a bound so a mission does not fill memory.
  let inFlight = Cache<String, SharedTransfer>(countLimit: 1024, label: "rover.downloads")
  /// Open subdirectories by relative path: most photos share one, and a descriptor spares walking it again.
  /// Bounded, because a mission has thousands of sol directories and a process only so many descriptors.
  let directories = Cache<String, SafeDirectory>(countLimit: 64, label: "rover.directories")

  public init(options: DownloadOptions, events: @escaping @Sendable (DownloadEvent) -> Void = { _ in }) {
    self.options = options
    self.events = events
  }

  /// Downloads every photo; returns when all are done, the run was cancelled, or a local write failure stopped it.
  public func run(_ photos: [Photo]) async throws -> DownloadSummary {
    try await run(
      AsyncStream { continuation in
        continuation.yield(photos)
        continuation.finish()
      })
  }

  /// Downloads photos as batches arrive (a listing or stdin still being read), pulling the next batch only when
  /// a job slot is free, so memory depends on `jobs` and the batch size, never on how many photos there are. A
  /// failure of the source (the listing's service going down) ends the run after the photos in flight, and is
  /// returned in the summary rather than thrown, so the summary still tells what was done.
  ///
  /// `record` is the output directory's record when the caller holds it already (a sync); otherwise the run opens
  /// it.
  public func run<Batches: AsyncSequence & Sendable>(_ batches: Batches, record given: DownloadRecord? = nil)
    async throws -> DownloadSummary
  where Batches.Element == [Photo] {
    let started = Date()
    let root = try SafeDirectory.root(options.outputDirectory)
    root.removeStaleTemporaries()
    let events = self.events
    let notice: (String) -> Void = { events(.warning($0)) }
    var record: DownloadRecord
    if let given {
      record = given
    } else {
      record = try await DownloadRecord(directory: root, onWait: notice)
      Self.tell(record, notice)
    }
    var archive: DownloadArchive?
    if let url = options.archive {
      archive = try await DownloadArchive(name: url.path, shownAs: url.path, onWait: notice)
    }
    if let archive, archive.skippedLines > 0 {
      notice(
        "skipped \(archive.skippedLines) unreadable line\(archive.skippedLines == 1 ? "" : "s") in \(archive.path)")
    }
    var source = PhotoFeed(batches.makeAsyncIterator())
    // The template is checked against the first batch before any image request: a clash there is a usage error.
    if let first = try await source.peekBatch() { try options.template.checkDistinguishes(first) }
    let engine = HTTPEngines.files(timeout: options.timeout, jobs: options.jobs)
    defer { (engine as? CurlEngine)?.shutdown() }
    let client = HTTPClient(engine: engine, retryPolicy: options.retryPolicy)
    let context = RunContext(root: root, record: record, archive: archive, client: client)

    var summary = DownloadSummary()
    /// Counts one photo's result; false once the run must stop.
    func take(_ result: DownloadResult) -> Bool {
      summary.add(result.outcome)
      events(.finished(result))
      if case .failed(let error) = result.outcome, error.isFatal, summary.fatal == nil {
        summary.fatal = error
      }
      return !Task.isCancelled && summary.fatal == nil
    }
    do {
      // Photos settled without a request are taken here as they are read; only transfers get a task.
      // `transfer` never throws: a failed photo is a result, an interrupted one is nil.
      try await BoundedConcurrency.run(
        next: {
          while summary.fatal == nil {
            let photo: Photo
            do {
              guard let next = try await source.next(announce: { events(.planned(total: $0)) }) else { return nil }
              photo = next
            } catch is CancellationError {
              return nil
            } catch {
              summary.sourceError = error
              return nil
            }
            switch self.plan(photo, context: context) {
            case .transfer(let planned): return planned
            case .settled(let result): guard take(result) else { return nil }
            }
          }
          return nil
        }, width: options.jobs, { await self.transfer($0, context: context) }
      ) { result in
        guard let result else { return true }
        return take(result)
      }
    } catch {
      summary.sourceError = summary.sourceError ?? error
    }
    do {
      try record.flush()
    } catch let error as DownloadError where summary.fatal == nil {
      summary.fatal = error
    }
    summary.interrupted = Task.isCancelled && summary.fatal == nil
    summary.seconds = Date().timeIntervalSince(started)
    return summary
  }

  /// What the record's opening found that the user should know: a damaged file set aside, bad lines imported.
  public static func tell(_ record: DownloadRecord, _ notice: (String) -> Void) {
    if let aside = record.rebuiltFrom {
      notice("\(record.path) was damaged: moved to \(aside) and started afresh (files in place still count)")
    }
    if record.skippedLines > 0 {
      let lines = record.skippedLines
      notice("skipped \(lines) unreadable line\(lines == 1 ? "" : "s") of the old record \(DownloadRecord.legacyName)")
    }
  }

  struct RunContext: Sendable {
    let root: SafeDirectory
    let record: DownloadRecord
    let archive: DownloadArchive?
    let client: HTTPClient
  }

  /// A photo that needs its image fetched (or waited for), with everything decided before the transfer.
  struct Planned: Sendable {
    let photo: Photo
    let relative: String
    let directory: SafeDirectory
    let name: String
    let replacing: Bool
    let url: URL

    func result(_ outcome: DownloadResult.Outcome) -> DownloadResult {
      DownloadResult(photo: photo, path: relative, outcome: outcome)
    }
  }

  /// What happens to a photo: settled at once (in place already, or failed before any request), or a transfer.
  enum Step: Sendable {
    case settled(DownloadResult)
    case transfer(Planned)
  }

  /// Everything about a photo that needs no request, done where the photos are read: a re-run over photos already
  /// in place then costs a lookup each and no task at all.
  func plan(_ photo: Photo, context: RunContext) -> Step {
    let relative = options.template.path(for: photo)
    func settled(_ outcome: DownloadResult.Outcome) -> Step {
      .settled(DownloadResult(photo: photo, path: relative, outcome: outcome))
    }
    let slash = relative.lastIndex(of: "/")
    let folder = slash.map { String(relative[..<$0]) } ?? ""
    let name = slash.map { String(relative[relative.index(after: $0)...]) } ?? relative
    do {
      let directory = try self.directory(folder, context: context)
      let entry = directory.entry(name)
      let existing: Int? = if case .regularFile(let bytes) = entry { bytes } else { nil }
      if let reason = skipReason(photo, relative: relative, existing: existing, context: context) {
        // A photo already in place enters a new --archive too, so moving the files later does not fetch it again.
        if reason == "exists", let archive = context.archive, archive.bytes(for: photo) == nil {
          try? archive.record(photo, bytes: existing ?? 0, path: relative)
        }
        // A sidecar asked for now is written for a photo already there, without fetching the image again.
        if reason == "exists", options.writeMetadata, directory.regularFileSize(name + ".json") == nil {
          try directory.writeAtomically(try Self.metadata(photo), name: name + ".json")
        }
        return settled(.skipped(reason: reason))
      }
      guard let url = ImageURL.resolve(photo.imageSource) else {
        return settled(.failed(.invalidURL(photo.imageSource)))
      }
      // Replace only what was there before and judged stale (or --force); a name that appears while this photo is
      // fetched was taken by another photo of this run, and is never overwritten.
      return .transfer(
        Planned(
          photo: photo, relative: relative, directory: directory, name: name,
          replacing: options.force || entry != .absent, url: url))
    } catch let error as DownloadError {
      return settled(.failed(error))
    } catch {
      return settled(.failed(.io(path: relative, reason: SystemError.text(error))))
    }
  }

  /// One planned photo's transfer; nil when the run was cancelled before it finished (an interruption is not a
  /// failure).
  func transfer(_ planned: Planned, context: RunContext) async -> DownloadResult? {
    let (photo, relative, directory, name, replacing, url) = (
      planned.photo, planned.relative, planned.directory, planned.name, planned.replacing, planned.url
    )
    let result = planned.result
    do {
      // Keyed by the URL's text: hashing a URL value recomputes its string every time.
      let key = url.absoluteString
      var ours: SharedTransfer?
      let shared = inFlight.value(
        forKey: key,
        orInsert: {
          let transfer = SharedTransfer()
          ours = transfer
          return transfer
        })
      let saved: Saved
      if let ours {
        // This photo's task runs the transfer itself; photos sharing the URL wait for it.
        do {
          saved = try await fetch(
            url, into: directory, as: name, replacing: replacing, photo: photo, client: context.client)
        } catch {
          ours.finish(.failure(error))
          throw error
        }
        ours.finish(.success(saved))
      } else {
        saved = try await shared.value
      }
      if saved.directory.path != directory.path || saved.name != name {
        try directory.place(name, sameAs: saved.name, in: saved.directory, replacing: replacing)
      } else if ours == nil {
        // The same photo twice in the input: one download, one result that says so.
        return result(.skipped(reason: "duplicate"))
      }
      if options.writeMetadata {
        try directory.writeAtomically(try Self.metadata(photo), name: name + ".json")
      }
      try context.record.record(photo, bytes: saved.bytes, path: relative)
      try context.archive?.record(photo, bytes: saved.bytes, path: relative)
      if options.highestVersionsOnly { try removeLowerVersions(than: photo, keeping: relative, context: context) }
      return result(.downloaded(bytes: saved.bytes))
    } catch let error as DownloadError {
      return Task.isCancelled ? nil : result(.failed(error))
    } catch {
      return nil
    }
  }

  /// The open directory for a relative folder, walked (and created) without following links.
  private func directory(_ folder: String, context: RunContext) throws -> SafeDirectory {
    guard !folder.isEmpty else { return context.root }
    return try directories.value(forKey: folder) {
      let directory = try context.root.subdirectory(folder.split(separator: "/"))
      directory.removeStaleTemporaries()
      return directory
    }
  }

  /// A lower version's file and sidecar, once a higher one is in place. Paths come from the record, so each is
  /// checked again before anything is removed: relative, no `..`, walked without following links.
  private func removeLowerVersions(than photo: Photo, keeping relative: String, context: RunContext) throws {
    for path in try context.record.removeLowerVersions(than: photo) where path != relative {
      let parts = path.split(separator: "/").map(String.init)
      guard let name = parts.last, !path.hasPrefix("/"), !parts.contains(".."), !parts.contains(".") else { continue }
      let folder = parts.dropLast().joined(separator: "/")
      guard let directory = try? self.directory(folder, context: context) else { continue }
      directory.remove(name)
      directory.remove(name + ".json")
    }
  }

  private func skipReason(_ photo: Photo, relative: String, existing: Int?, context: RunContext) -> String? {
    guard !options.force else { return nil }
    if context.archive?.bytes(for: photo) != nil { return "in archive" }
    if options.highestVersionsOnly, let version = photo.frameVersion,
      let highest = try? context.record.highestVersion(of: photo), highest > version.number
    {
      return "newer version present"
    }
    // The same frame, listed by another service under another id, was already downloaded into this directory.
    if existing == nil, (try? context.record.hasFrameUnderAnotherID(photo)) == true {
      return "same frame already downloaded"
    }
    guard let size = existing else { return nil }
    if let recorded = try? context.record.bytes(forPath: relative) {
      return recorded == size ? "exists" : nil
    }
    // A file we did not record: only complete files are ever given a final name, so trust a non-empty one.
    return size > 0 ? "exists" : nil
  }

  static func metadata(_ photo: Photo) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(photo) + Data("\n".utf8)
  }
}
