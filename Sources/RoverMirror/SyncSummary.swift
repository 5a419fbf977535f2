import Foundation
import RoverCore

/// What one sync did: the sols it looked at, and the download's own totals.
package struct SyncSummary: Sendable {
  /// Sols asked for this run (new, unfinished, or in the look-back window).
  package var solsListed = 0
  /// Sols skipped because an earlier run finished them and they are outside the look-back window.
  package var solsUpToDate = 0
  /// Sols finished this run: listed, and every photo in place.
  package var solsCompleted = 0
  package var download = DownloadSummary()
  /// The newest sol the service knows.
  package var latestSol: Int?
  /// Older versions of re-sent frames left out of the sols listed (none with ``MissionSync/allVersions``): the
  /// command says how many.
  package var olderVersions = 0
}
