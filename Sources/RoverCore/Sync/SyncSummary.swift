import Foundation

/// What one sync did: the sols it looked at, and the download's own totals.
public struct SyncSummary: Sendable {
  /// Sols asked for this run (new, unfinished, or in the look-back window).
  public var solsListed = 0
  /// Sols skipped because an earlier run finished them and they are outside the look-back window.
  public var solsUpToDate = 0
  /// Sols finished this run: listed, and every photo in place.
  public var solsCompleted = 0
  public var download = DownloadSummary()
  /// The newest sol the service knows.
  public var latestSol: Int?
}
