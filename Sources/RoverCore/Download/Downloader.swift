import Foundation

/// The bulk download engine: bounded concurrency, one transfer per image URL however many photos share it,
/// atomic files, retries, skip-on-re-run, and a clean stop on cancellation.
public final class Downloader: Sendable {
  /// A finished transfer: where the bytes landed.
  struct Saved: Sendable {
    var file: URL
    var bytes: Int
  }

  /// The shared work for one URL and the file its first requester asked for.
  struct InFlight: Sendable {
    var destination: URL
    var task: Task<Saved, any Error>
  }

  public let options: DownloadOptions
  let events: @Sendable (DownloadEvent) -> Void
  /// Keyed by image URL so a URL is fetched at most once per run; kept for the whole run, finished tasks included.
  let inFlight = Cache<String, InFlight>(label: "rover.downloads")
  let createdDirectories = Locked<Set<String>>([])
  let listings = Locked<[String: Set<String>]>([:])

  public init(options: DownloadOptions, events: @escaping @Sendable (DownloadEvent) -> Void = { _ in }) {
    self.options = options
    self.events = events
  }

  /// libcurl where it is available (Linux); URLSession elsewhere, so the library still builds on other systems.
  func makeEngine() -> any HTTPEngine {
    #if canImport(CCurl)
      return CurlEngine(maxConnections: options.jobs, timeout: options.timeout)
    #else
      return URLSessionEngine(timeout: options.timeout, maxConnectionsPerHost: options.jobs)
    #endif
  }

  /// Downloads every photo; returns when all are done, the run was cancelled, or a local write failure stopped it.
  public func run(_ photos: [Photo]) async throws -> DownloadSummary {
    let started = Date()
    var unique: [Photo] = []
    var seen = Set<PhotoID>()
    for photo in photos where seen.insert(photo.id).inserted { unique.append(photo) }
    try createDirectory(options.outputDirectory)
    let record = try DownloadArchive(
      url: options.outputDirectory.appendingPathComponent(DownloadOptions.recordName, isDirectory: false), batch: 64)
    let archive = try options.archive.map { try DownloadArchive(url: $0) }
    let engine = makeEngine()
    defer { (engine as? CurlEngine)?.shutdown() }
    let client = HTTPClient(engine: engine, retryPolicy: options.retryPolicy)
    let context = RunContext(record: record, archive: archive, client: client)
    events(.planned(total: unique.count))

    var summary = DownloadSummary()
    await withTaskCancellationHandler {
      // `process` never throws: a failed photo is a result, an interrupted one is nil.
      try? await BoundedConcurrency.run(unique, width: options.jobs, { await self.process($0, context: context) }) {
        guard let result = $0 else { return true }
        summary.add(result.outcome)
        events(.finished(result))
        if case .failed(let error) = result.outcome, error.isFatal, summary.fatal == nil {
          summary.fatal = error
          cancelTransfers()
        }
        return !Task.isCancelled && summary.fatal == nil
      }
    } onCancel: {
      cancelTransfers()
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

  struct RunContext: Sendable {
    let record: DownloadArchive
    let archive: DownloadArchive?
    let client: HTTPClient
  }

  /// One photo; nil when the run was cancelled before it finished (an interruption is not a failure).
  func process(_ photo: Photo, context: RunContext) async -> DownloadResult? {
    let relative = options.template.path(for: photo)
    // `isDirectory: false` spares a stat(2) per photo that `appendingPathComponent(_:)` makes to find out.
    let destination = options.outputDirectory.appendingPathComponent(relative, isDirectory: false)
    func result(_ outcome: DownloadResult.Outcome) -> DownloadResult {
      DownloadResult(photo: photo, path: relative, outcome: outcome)
    }
    if let reason = skipReason(photo, relative: relative, destination: destination, context: context) {
      // A photo already in place enters a new --archive too, so moving the files later does not fetch it again.
      if reason == "exists", let archive = context.archive, archive.entry(for: photo) == nil {
        try? archive.record(photo, bytes: FileStore.size(of: destination) ?? 0, path: relative)
      }
      return result(.skipped(reason: reason))
    }
    guard let url = ImageURL.resolve(photo.imageSource) else {
      return result(.failed(.invalidURL(photo.imageSource)))
    }
    do {
      try createDirectoryOnce(destination.deletingLastPathComponent(), relative: relative)
      // Keyed by the URL's text: hashing a URL value recomputes its string every time.
      let entry = inFlight.value(
        forKey: url.absoluteString,
        orInsert: {
          InFlight(
            destination: destination,
            task: Task { try await self.fetch(url, to: destination, photo: photo, client: context.client) })
        })
      // A run cancelled between `cancelTransfers()` and this insertion would otherwise leave this one running.
      if Task.isCancelled { entry.task.cancel() }
      let saved = try await entry.task.value
      if saved.file != destination {
        try FileStore.place(copyOf: saved.file, at: destination)
      }
      if options.writeMetadata {
        try FileStore.writeAtomically(try Self.metadata(photo), to: destination.appendingPathExtension("json"))
      }
      try context.record.record(photo, bytes: saved.bytes, path: relative)
      try context.archive?.record(photo, bytes: saved.bytes, path: relative)
      return result(.downloaded(bytes: saved.bytes))
    } catch let error as DownloadError {
      return Task.isCancelled ? nil : result(.failed(error))
    } catch {
      return nil
    }
  }

  private func skipReason(_ photo: Photo, relative: String, destination: URL, context: RunContext) -> String? {
    guard !options.force else { return nil }
    if context.archive?.entry(for: photo) != nil { return "in archive" }
    guard
      existingNames(in: destination.deletingLastPathComponent(), relative: relative)
        .contains(destination.lastPathComponent), let size = FileStore.size(of: destination)
    else { return nil }
    if let recorded = context.record.entry(forPath: relative) {
      return recorded.bytes == size ? "exists" : nil
    }
    // A file we did not record: only complete files are ever renamed into place, so trust a non-empty one.
    return size > 0 ? "exists" : nil
  }

  private func cancelTransfers() {
    // Cancelling the run cancels every shared transfer; one waiter leaving never does.
    inFlight.forEachValue { $0.task.cancel() }
  }

  /// The names in a directory when this run first looked: one listing instead of a failing stat(2) per photo.
  /// Only files placed before the run can be skipped, so a listing taken once is enough.
  private func existingNames(in directory: URL, relative: String) -> Set<String> {
    let key = relative.lastIndex(of: "/").map { String(relative[..<$0]) } ?? ""
    if let names = listings.withLock({ $0[key] }) { return names }
    let names = Set((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
    listings.withLock { $0[key] = names }
    return names
  }

  /// Most photos share a directory: create each one once per run, not once per photo.
  private func createDirectoryOnce(_ url: URL, relative: String) throws {
    let key = relative.lastIndex(of: "/").map { String(relative[..<$0]) } ?? ""

    guard !createdDirectories.withLock({ $0.contains(key) }) else { return }
    try createDirectory(url)
    createdDirectories.withLock { _ = $0.insert(key) }
  }

  private func createDirectory(_ url: URL) throws {
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw DownloadError.io(path: url.path, reason: FileStore.reason(error))
    }
  }

  static func metadata(_ photo: Photo) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(photo) + Data("\n".utf8)
  }
}
