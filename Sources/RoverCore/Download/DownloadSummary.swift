import Foundation

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
