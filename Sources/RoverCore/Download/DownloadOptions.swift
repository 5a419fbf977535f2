import Foundation

/// How a bulk download behaves; the CLI fills it from flags.
public struct DownloadOptions: Sendable {
  public var outputDirectory: URL
  public var template: NameTemplate
  public var jobs: Int
  public var retryPolicy: RetryPolicy
  public var timeout: TimeInterval
  public var force: Bool
  /// The user's `--archive` file, consulted before anything else.
  public var archive: URL?
  public var writeMetadata: Bool
  /// Keep only the highest version of a frame NASA re-sends (`sync`): a lower one is not downloaded, and is
  /// removed (with its sidecar) once a higher one is in place.
  public var highestVersionsOnly = false
  /// Whether `DownloadEvent.bytes` is wanted (a progress bar on a terminal): off, a transfer reports no byte counts
  /// and spares their bookkeeping per request.
  public var reportsBytes = true

  /// The hidden record kept in each output directory, which lets a re-run skip files of the right size.
  public static let recordName = DownloadRecord.fileName()

  public init(
    outputDirectory: URL, template: NameTemplate, jobs: Int = 8, retryPolicy: RetryPolicy = RetryPolicy(),
    timeout: TimeInterval = 30, force: Bool = false, archive: URL? = nil, writeMetadata: Bool = false
  ) {
    self.outputDirectory = outputDirectory
    self.template = template
    self.jobs = max(1, jobs)
    self.retryPolicy = retryPolicy
    self.timeout = timeout
    self.force = force
    self.archive = archive
    self.writeMetadata = writeMetadata
  }
}

/// What happened to one photo.
public struct DownloadResult: Sendable {
  public enum Outcome: Sendable, Equatable {
    case downloaded(bytes: Int)
    case skipped(reason: String)
    case failed(DownloadError)
  }

  public var photo: Photo
  /// Relative to the output directory.
  public var path: String
  public var outcome: Outcome
}

/// Totals for the closing line.
public struct DownloadSummary: Sendable {
  public var downloaded = 0
  public var skipped = 0
  public var failed = 0
  public var bytes = 0
  public var seconds: TimeInterval = 0
  public var interrupted = false
  /// A local write failure that stopped the run.
  public var fatal: DownloadError?
  /// The listing or input that fed the run failed part-way; what was fed before it was still processed.
  public var sourceError: (any Error)?

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
public enum DownloadEvent: Sendable {
  /// More photos to come (added to those announced before: a listing announces each sol's as it arrives).
  case planned(total: Int)
  /// Something the user should know that is not one photo's result (waiting for a lock, unreadable record lines).
  case warning(String)
  case bytes(Int)
  case finished(DownloadResult)
}
