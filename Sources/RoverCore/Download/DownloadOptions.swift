import Foundation

/// How a bulk download treats its files: where they go, how they are named, how many at once, and what is kept
/// beside them. How the images are fetched (engine, CA file, timeout, retries, rate) is not here: it is the
/// ``ConnectionSettings`` of the ``PhotoClient`` that makes the ``Downloader`` (``PhotoClient/downloader(_:events:)``),
/// so a download can never use other settings than its listing. Every value has a default a script would want,
/// except where the files go.
public struct DownloadOptions: Sendable {
  /// The folder the photos are written into (created if missing). Files are only ever created inside it.
  public var outputDirectory: URL
  /// How each photo's path below `outputDirectory` is made; see ``NameTemplate``.
  public var template: NameTemplate
  /// Transfers in flight at once (at least 1). Memory grows with this, never with the number of photos.
  public var jobs: Int
  /// Fetch photos again even when their files are in place.
  public var force: Bool
  /// A text file listing every photo ever downloaded (`rover --archive`), consulted before anything else, so
  /// photos moved away are not fetched again. Nil: none.
  public var archive: URL?
  /// Write each photo's metadata beside it as `<file>.json`.
  public var writeMetadata: Bool
  /// Keep a small SQLite record (`.rover-record.sqlite`) in the output folder. With it, a re-run knows each file's
  /// size (so a file cut short by a crash is fetched again) and recognises a frame listed under another id; without
  /// it, any non-empty file in place counts as done. Off unless asked for, so the folder holds only photos.
  public var keepsRecord: Bool
  /// Keep only the highest version of a frame NASA re-sends (`sync`): a lower one is not downloaded, and is
  /// removed (with its sidecar) once a higher one is in place. Needs the record.
  package var highestVersionsOnly = false
  /// Positions for each photo (sidecars, `{lon}`/`{lat}` names) and the `--near` area; nil: none looked up.
  package var placement: PhotoPlacement?
  /// Whether `DownloadEvent.bytes` is wanted (a progress bar on a terminal): off, a transfer reports no byte counts
  /// and spares their bookkeeping per request.
  package var reportsBytes = true

  /// The hidden record kept in each output directory when ``keepsRecord`` is on.
  public static let recordName = DownloadRecord.fileName()

  /// Options with a script's defaults: eight transfers at once, flat names, no record, no archive.
  /// - Parameters:
  ///   - outputDirectory: where the photos go; created when missing.
  ///   - template: how each file is named below it (default: ``NameTemplate/defaultPattern``,
  ///     `{rover}_{sol}_{camera}_{id}.{ext}`).
  ///   - jobs: transfers at once (clamped to at least 1).
  ///   - force: fetch photos again even when their files are in place.
  ///   - archive: a text file of every photo downloaded, consulted first; nil: none.
  ///   - writeMetadata: write each photo's metadata beside it as `<file>.json`.
  ///   - keepsRecord: keep the output folder's record (see ``keepsRecord``).
  public init(
    outputDirectory: URL, template: NameTemplate = .default, jobs: Int = 8, force: Bool = false, archive: URL? = nil,
    writeMetadata: Bool = false, keepsRecord: Bool = false
  ) {
    self.outputDirectory = outputDirectory
    self.template = template
    self.jobs = max(1, jobs)
    self.force = force
    self.archive = archive
    self.writeMetadata = writeMetadata
    self.keepsRecord = keepsRecord
  }
}

/// What happened to one photo of a download, reported as soon as it is settled.
public struct DownloadResult: Sendable {
  /// The photo's fate.
  public enum Outcome: Sendable, Equatable {
    /// Written to its file; `bytes` is the image's size.
    case downloaded(bytes: Int)
    /// Not fetched, and why.
    case skipped(SkipReason)
    /// Not fetched; the error names the photo's URL or file.
    case failed(DownloadError)
  }

  /// The photo this result is about.
  public var photo: Photo
  /// Its file, relative to the output directory.
  public var path: String
  /// What happened.
  public var outcome: Outcome

  /// A result from its parts (tests and wrappers make their own).
  public init(photo: Photo, path: String, outcome: Outcome) {
    self.photo = photo
    self.path = path
    self.outcome = outcome
  }
}

/// Why a photo was not fetched although nothing failed.
public enum SkipReason: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Its file is in place, complete.
  case exists
  /// The same photo appeared twice in the input; it was fetched once.
  case duplicate
  /// The archive file lists it as downloaded before.
  case inArchive = "in archive"
  /// A higher version of the same frame is already in the folder.
  case newerVersionPresent = "newer version present"
  /// The same frame was downloaded into this folder under another id (listed by another service).
  case sameFrameDownloaded = "same frame already downloaded"

  /// The words used in reports: `exists`, `in archive`…
  public var description: String { rawValue }
}

/// Totals of a download run, for its closing line and exit status.
public struct DownloadSummary: Sendable {
  /// Photos written.
  public var downloaded = 0
  /// Photos not fetched because they needed no fetching.
  public var skipped = 0
  /// Photos that failed.
  public var failed = 0
  /// Bytes written.
  public var bytes = 0
  /// Wall-clock seconds the run took.
  public var seconds: TimeInterval = 0
  /// The run was cancelled before every photo was settled.
  public var interrupted = false
  /// Photos the run had read or listed but stopped before settling (cancelled, or stopped by a ``fatal`` failure):
  /// neither downloaded, skipped nor failed. Zero when the run went to its end.
  public var unfinished = 0
  /// A local write failure (disk full, folder gone) that stopped the run.
  public var fatal: DownloadError?
  /// The listing or input that fed the run failed part-way; what was fed before it was still processed.
  public var sourceError: (any Error)?
  /// The record's failure at the end of the run (also in ``fatal``): no photo's result names it, so the command
  /// does.
  package var recordError: DownloadError?

  /// Zero totals, before a run.
  public init() {}

  mutating func add(_ outcome: DownloadResult.Outcome) {
    switch outcome {
    case .downloaded(let bytes):
      downloaded += 1
      self.bytes += bytes
    case .skipped: skipped += 1
    case .failed: failed += 1
    }
  }
}

/// Progress as it happens; the library never draws it.
///
/// New cases may come in a minor version (Swift on Linux builds RoverCore without library evolution, so the enum
/// cannot be marked non-frozen): switch over the cases you act on and end with `default:`.
public enum DownloadEvent: Sendable {
  /// More photos to come (added to those announced before: a listing announces each sol's as it arrives).
  case planned(total: Int)
  /// Something the user should know that is not one photo's result (waiting for a lock, unreadable archive
  /// lines, a damaged record started afresh), as data: see ``Notice``.
  case warning(Notice)
  /// Bytes received since the last such event, across all transfers.
  case bytes(Int)
  /// One photo settled.
  case finished(DownloadResult)
  /// The listing has ended: every photo of the run has been announced by ``planned(total:)``, so the total so far
  /// is final (a progress display can stop marking it provisional).
  case listingEnded
  /// The listing's estimate of how many photos the whole run will have announced (the service's count for each
  /// sol it is to list), sent before they are all announced. Only an estimate, for a time left; may be revised.
  case estimated(total: Int)
}
