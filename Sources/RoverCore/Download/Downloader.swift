import AsyncAlgorithms
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

  /// Where the files go and how they are named; fixed for its lifetime.
  public let options: DownloadOptions
  /// How the images are fetched (engine, CA file, timeout, retries, rate): the settings of the listing's client.
  package let settings: ConnectionSettings
  package let events: @Sendable (DownloadEvent) -> Void
  /// Keyed by image URL so a URL is fetched once however many photos share it. Finished tasks stay for a while
  /// (photos sharing an image are listed close together), within a bound so a mission does not fill memory.
  /// Keyed by a hash of the URL, not the URL: an integer key costs no string hashing or reference counting as the
  /// cache turns over once per photo; a transfer is shared only when its own URL matches.
  let inFlight = Cache<UInt64, SharedTransfer>(countLimit: 1024, label: "rover.downloads")
  /// Open subdirectories by relative path: most photos share one, and a descriptor spares walking it again.
  /// Bounded, because a mission has thousands of sol directories and a process only so many descriptors.
  let directories = Cache<String, SafeDirectory>(countLimit: 64, label: "rover.directories")

  /// A downloader from settings already checked (a client's).
  package init(
    validated settings: ConnectionSettings, options: DownloadOptions,
    events: @escaping @Sendable (DownloadEvent) -> Void = { _ in }
  ) {
    self.settings = settings
    self.options = options
    self.events = events
  }

  /// Downloads every photo; returns when all are done, the run was cancelled, or a local write failure stopped it.
  /// Each photo's result reaches the `events` closure as ``DownloadEvent/finished(_:)`` as soon as it is settled.
  /// - Throws: `DownloadError` when the output folder cannot be opened or created, or the name template gives two
  ///   photos of the first batch one name; `CancellationError` never (an interrupted run returns its summary).
  public func run(_ photos: [Photo]) async throws -> DownloadSummary {
    try await run(
      AsyncStream { continuation in
        continuation.yield(photos)
        continuation.finish()
      })
  }

  /// Downloads photos as batches arrive (a listing still being read), pulling the next batch only when a job slot
  /// is free, so memory depends on ``DownloadOptions/jobs`` and the batch size, never on how many photos there
  /// are. A failure of the source (the listing's service going down) ends the run after the photos in flight and
  /// is returned in ``DownloadSummary/sourceError`` rather than thrown, so the summary still tells what was done.
  /// - Throws: as ``run(_:)-([Photo])``.
  public func run<Batches: AsyncSequence & Sendable>(_ batches: Batches) async throws -> DownloadSummary
  where Batches.Element == [Photo] {
    try await run(batches, record: nil)
  }

  /// Downloads a listing while it is still being read: the next sol is listed only when a job slot is free, so a
  /// whole mission downloads in memory that depends on ``DownloadOptions/jobs``, not on its 60 000 photos. A
  /// failure of the listing ends the run after the photos in flight and is returned in
  /// ``DownloadSummary/sourceError``.
  /// - Throws: as ``run(_:)-([Photo])``.
  public func run(_ photos: PhotoStream) async throws -> DownloadSummary {
    try await run(photos.batches, record: nil)
  }

  /// Downloads `photos` and hands back each one's result as it completes, in completion order. Results wait in
  /// the stream until read; cancelling the task that reads it stops the downloads.
  /// - Returns: one ``DownloadResult`` per photo; the stream throws what ``run(_:)-([Photo])`` throws, and ends
  ///   early with ``DownloadError`` when a local write failure stopped the run. Photos arrive one at a time, so
  ///   a name template that gives two of them one name is not refused up front as ``run(_:)-([Photo])`` refuses
  ///   it: the later photo fails with ``DownloadError/nameTaken(path:)``.
  public func results<Photos: AsyncSequence & Sendable>(for photos: Photos) -> AsyncThrowingStream<
    DownloadResult, any Error
  > where Photos.Element == Photo {
    AsyncThrowingStream { continuation in
      let forwarding = Downloader(validated: settings, options: options) { event in
        if case .finished(let result) = event { continuation.yield(result) }
        self.events(event)
      }
      let task = Task {
        do {
          let summary = try await forwarding.run(photos.map { [$0] })
          if let error = summary.fatal ?? summary.sourceError { throw error }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  /// The run itself. `record` is the output directory's record when the caller holds it already (a sync);
  /// otherwise the run opens it when ``DownloadOptions/keepsRecord`` asks for one.
  package func run<Batches: AsyncSequence & Sendable>(_ batches: Batches, record given: DownloadRecord?)
    async throws -> DownloadSummary
  where Batches.Element == [Photo] {
    let started = Date()
    var source = PhotoCursor(batches.makeAsyncIterator(), placement: options.placement)
    // The template is checked against the first batch before any image request: a clash there is a usage error.
    // Nothing is made in the folder before it (no folder, record or lock): a usage error, a listing that fails at
    // once or finds nothing leave the disk as they found it.
    let first = try await source.peekBatch()
    if let first { try options.template.checkDistinguishes(first) }
    if first == nil, given == nil { return DownloadSummary() }
    let root = try SafeDirectory.root(options.outputDirectory)
    root.removeStaleTemporaries()
    let hold = try await hold(given, in: root)
    let record = hold.record
    let archive = try await openArchive()
    let engine = try Self.engine(settings, jobs: options.jobs)
    defer { (engine as? CurlEngine)?.shutdown() }
    let client = HTTPClient(engine: engine, retryPolicy: settings.retryPolicy)
    let context = RunContext(root: root, record: record, archive: archive, client: client)
    var summary = await transferAll(source, of: Batches.self, context: context, engine: engine)
    do {
      try record?.flush()
    } catch let error as DownloadError {
      // After a write error (a full disk the record then meets too) the summary already names what stopped the run.
      if summary.fatal == nil {
        summary.fatal = error
        summary.recordError = error
      }
    }
    summary.interrupted = Task.isCancelled && summary.fatal == nil
    summary.seconds = Date().timeIntervalSince(started)
    withExtendedLifetime(hold) {}
    return summary
  }

  /// The images' engine, checked once: without libcurl no photo can be fetched, said once, not once a photo.
  private static func engine(_ settings: ConnectionSettings, jobs: Int) throws -> any HTTPEngine {
    let engine = HTTPEngines.files(
      settings.engine, timeout: settings.timeout, jobs: jobs, budget: settings.transferBudget,
      caFile: settings.caFileChoice?.value)
    #if canImport(CCurl)
      do { try (engine as? CurlEngine)?.checkUsable() } catch let error as HTTPError {
        throw DownloadError.transfer(error)
      }
    #endif
    return engine
  }

  /// Plans photos a batch ahead on the pool and runs the transfers `jobs` at once until the cursor ends, the run is
  /// cancelled, or a local write failure stops it.
  private func transferAll<Batches: AsyncSequence & Sendable>(
    _ source: PhotoCursor<Batches.AsyncIterator>, of _: Batches.Type, context: RunContext, engine: any HTTPEngine
  ) async -> DownloadSummary where Batches.Element == [Photo] {
    let events = self.events
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
    // Photos are planned (named, looked up, settled when already in place) on the cooperative pool, a batch ahead;
    // the transfers and what follows them run on the engine's own thread where it can take them, so a finished
    // transfer resumes its task there and then, where the pool would hand each image between threads twice.
    let steps = AsyncThrowingChannel<[Step], any Error>()
    #if canImport(CCurl)
      let executor: (any TaskExecutor)? = engine as? CurlEngine
    #else
      let executor: (any TaskExecutor)? = nil
    #endif
    let announced = Locked(0)
    await withTaskGroup(of: Void.self) { group in
      let cursor = CursorHandover(source)
      group.addTask(executorPreference: globalConcurrentExecutor) {
        await self.planAhead(cursor.take(), into: steps, context: context, announced: announced)
      }
      await withTaskExecutorPreference(executor) {
        var queue = StepQueue(plans: steps.makeAsyncIterator())
        do {
          // `transfer` never throws: a failed photo is a result, an interrupted one is nil.
          try await BoundedConcurrency.run(
            next: {
              guard summary.fatal == nil else { return nil }
              return await queue.nextTransfer(settling: take, onSourceError: { summary.sourceError = $0 })
            }, width: options.jobs, { await self.transfer($0, context: context) }
          ) { result in
            guard let result else { return true }
            return take(result)
          }
        } catch {
          summary.sourceError = summary.sourceError ?? error
        }
      }
      // Stopped early (a write error, Ctrl-C): the planner must not wait for ever to hand over its next batch.
      group.cancelAll()
    }
    summary.unfinished = max(0, announced.current - summary.downloaded - summary.skipped - summary.failed)
    return summary
  }

  struct RunContext: Sendable {
    let root: SafeDirectory
    let record: DownloadRecord?
    let archive: DownloadArchive?
    let client: HTTPClient
  }

  /// One planned photo's transfer; nil when the run was cancelled before it finished (an interruption is not a
  /// failure).
  func transfer(_ planned: Planned, context: RunContext) async -> DownloadResult? {
    let (photo, relative, directory, name, replacing, url) = (
      planned.photo, planned.relative, planned.directory, planned.name, planned.replacing, planned.url
    )
    let result = planned.result
    do {
      // The URL's text, once: a URL value recomputes it every time it is asked.
      let key = url.absoluteString
      var ours: SharedTransfer?
      let shared = inFlight.value(
        forKey: StableHash.value(key),
        orInsert: {
          let transfer = SharedTransfer(url: key)
          ours = transfer
          return transfer
        })
      // Another URL with the same 64-bit hash: this one is fetched on its own, unshared.
      if ours == nil, shared.url != key { ours = SharedTransfer(url: key) }
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
        return result(.skipped(.duplicate))
      }
      if options.writeMetadata {
        try directory.writeAtomically(try Self.metadata(photo), name: name + ".json")
      }
      try context.record?.record(photo, bytes: saved.bytes, path: relative)
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
  func directory(_ folder: String, context: RunContext) throws -> SafeDirectory {
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
    for path in try context.record?.removeLowerVersions(than: photo) ?? [] where path != relative {
      let parts = path.split(separator: "/").map(String.init)
      guard let name = parts.last, !path.hasPrefix("/"), !parts.contains(".."), !parts.contains(".") else { continue }
      let folder = parts.dropLast().joined(separator: "/")
      guard let directory = try? self.directory(folder, context: context) else { continue }
      directory.remove(name)
      directory.remove(name + ".json")
    }
  }
}
