import Foundation
import RoverCore
import RoverMirror

/// A sync's closing line on stderr, and with `--json` its one summary object (stable, snake_case).
enum SyncReport {
  struct Summary: Encodable {
    var rover: String
    var latestSol: Int?
    var solsListed: Int
    var solsUpToDate: Int
    var solsCompleted: Int
    var downloaded: Int
    var skipped: Int
    var failed: Int
    var bytes: Int
    var seconds: Double
    var interrupted: Bool

    enum CodingKeys: String, CodingKey {
      case rover, downloaded, skipped, failed, bytes, seconds, interrupted
      case latestSol = "latest_sol"
      case solsListed = "sols_listed"
      case solsUpToDate = "sols_up_to_date"
      case solsCompleted = "sols_completed"
    }
  }

  static func line(_ summary: SyncSummary) -> String {
    let sols = summary.solsListed
    return "sync: listed \(sols) sol\(sols == 1 ? "" : "s") (\(summary.solsUpToDate) up to date, "
      + "\(summary.solsCompleted) finished); " + DownloadReport.summaryLine(summary.download)
  }

  static func json(_ summary: SyncSummary, selection: SyncSelection) throws -> String {
    let download = summary.download
    return try JSONOutput.lines([
      Summary(
        rover: selection.rover, latestSol: summary.latestSol, solsListed: summary.solsListed,
        solsUpToDate: summary.solsUpToDate, solsCompleted: summary.solsCompleted, downloaded: download.downloaded,
        skipped: download.skipped, failed: download.failed, bytes: download.bytes,
        seconds: (download.seconds * 1000).rounded() / 1000, interrupted: download.interrupted)
    ])
  }
}
