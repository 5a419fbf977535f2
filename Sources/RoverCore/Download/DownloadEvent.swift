import Foundation

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
