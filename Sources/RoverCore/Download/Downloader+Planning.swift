import AsyncAlgorithms
import Foundation

extension Downloader {
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
      // Looked up once: the skip decision and the repair below both need it, and a re-run asks it of every photo.
      let recorded = existing == nil ? nil : try? context.record?.bytes(of: photo, atPath: relative)
      if let reason = skipReason(photo, relative: relative, existing: existing, recorded: recorded, context: context) {
        // A photo already in place enters a new --archive too, so moving the files later does not fetch it again.
        if reason == .exists, let archive = context.archive, archive.bytes(for: photo) == nil {
          try? archive.record(photo, bytes: existing ?? 0, path: relative)
        }
        // A photo in place that the record lacks (an earlier run's record could not be committed) enters it now.
        if reason == .exists, let record = context.record, recorded == nil {
          try? record.record(photo, bytes: existing ?? 0, path: relative)
        }
        // A sidecar asked for now is written for a photo already there, without fetching the image again.
        if reason == .exists, options.writeMetadata, directory.regularFileSize(name + ".json") == nil {
          try directory.writeAtomically(try Self.metadata(photo), name: name + ".json")
        }
        return settled(.skipped(reason))
      }
      if entry == .directory {
        return settled(.failed(.pathBlocked(path: directory.path + "/" + name, reason: "a directory is in the way")))
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

  /// How many photos the planner hands over at a time: transfers start after the first few, not after a whole
  /// listing page.
  static let planBatch = 64

  /// Plans every photo of `source`, a batch ahead of the transfers, and hands the steps over; a failure of the
  /// source ends the steps with its error, a cancellation simply ends them.
  func planAhead<Source: AsyncIteratorProtocol>(
    _ source: PhotoCursor<Source>, into steps: AsyncThrowingChannel<[Step], any Error>, context: RunContext,
    announced: Locked<Int>
  ) async where Source.Element == [Photo] {
    var source = source
    let events = self.events
    let announce = { (count: Int) in
      announced.withLock { $0 += count }
      events(.planned(total: count))
    }
    do {
      while let photos = try await source.next(upTo: Self.planBatch, announce: announce) {
        let batch = { photos.map { self.plan($0, context: context) } }
        await steps.send(context.record.map { $0.reading(batch) } ?? batch())
        if Task.isCancelled { break }
      }
      if !Task.isCancelled { events(.listingEnded) }
      steps.finish()
    } catch is CancellationError {
      steps.finish()
    } catch {
      steps.fail(error)
    }
  }

  /// The planner's steps, in order: photos settled without a request are counted on the way to the next transfer.
  struct StepQueue {
    var plans: AsyncThrowingChannel<[Step], any Error>.AsyncIterator
    var pending: ArraySlice<Step> = []

    /// The next photo to transfer; nil at the end of the cursor, when `settling` says stop, or when the cursor failed
    /// (told to `onSourceError`; a cancellation is no failure).
    mutating func nextTransfer(
      settling: (DownloadResult) -> Bool, onSourceError: (any Error) -> Void
    ) async -> Planned? {
      while true {
        guard let step = pending.popFirst() else {
          do {
            guard let batch = try await plans.next() else { return nil }
            pending = batch[...]
          } catch is CancellationError {
            return nil
          } catch {
            onSourceError(error)
            return nil
          }
          continue
        }
        switch step {
        case .transfer(let planned): return planned
        case .settled(let result): guard settling(result) else { return nil }
        }
      }
    }
  }

  /// Why `photo` needs no transfer, if it needs none; `existing` is the size of the file in place, `recorded` the
  /// size the folder's record holds for `relative` (nil: none).
  func skipReason(
    _ photo: Photo, relative: String, existing: Int?, recorded: Int?, context: RunContext
  ) -> SkipReason? {
    guard !options.force else { return nil }
    if context.archive?.bytes(for: photo) != nil { return .inArchive }
    if options.highestVersionsOnly, let version = photo.frameVersion,
      let highest = try? context.record?.highestVersion(of: photo), highest > version.number
    {
      return .newerVersionPresent
    }
    // The same frame, listed by another service under another id, was already downloaded into this directory.
    if existing == nil, (try? context.record?.hasFrameUnderAnotherID(photo)) == true {
      return .sameFrameDownloaded
    }
    guard let size = existing else { return nil }
    if let recorded { return recorded == size ? .exists : nil }
    // A file we did not record: only complete files are ever given a final name, so trust a non-empty one.
    return size > 0 ? .exists : nil
  }

  /// A sidecar: the photo's JSON (every typed field) and, under `source`, the service's own record verbatim where
  /// the listing kept it (`null` otherwise), so tools that read NASA's names keep working.
  static func metadata(_ photo: Photo) throws -> Data {
    Data((try PrettyJSON.encode(Sidecar(photo: photo)) + "\n").utf8)
  }

  /// The photo's keys with `source` among them.
  struct Sidecar: Encodable {
    let photo: Photo

    enum CodingKeys: String, CodingKey {
      case source
    }

    func encode(to encoder: any Encoder) throws {
      try photo.encode(to: encoder)
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(photo.source ?? .null, forKey: .source)
    }
  }
}
