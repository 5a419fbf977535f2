import ArgumentParser
import Foundation
import RoverCore

/// How every downloading command (`fetch-image`, `sync`, `watch --download`) shows a download and ends: each
/// photo's result as it settles, warnings above the progress bar, and the exit code the summary means. Written
/// once so the three commands cannot drift apart.
struct DownloadPresenter: Sendable {
  let report: DownloadReport
  let progress: ProgressBar
  /// False for `watch`: a progress bar would fight its JSON Lines on a terminal; messages still show.
  let drawsProgress: Bool

  init(format: ResultFormat?, outputDirectory: URL, drawsProgress: Bool = true) {
    report = DownloadReport(format: format, outputDirectory: outputDirectory)
    progress = ProgressBar()
    self.drawsProgress = drawsProgress
  }

  /// Whether byte counts are worth their bookkeeping: only when a bar shows them.
  var wantsBytes: Bool { drawsProgress && progress.enabled }

  /// The downloader's events, drawn.
  func handle(_ event: DownloadEvent) {
    switch event {
    case .finished(let result): report.finished(result, progress: progress)
    case .warning(let notice): progress.message("rover: warning: \(NoticeWording.text(notice))")
    default: break
    }
    if drawsProgress { progress.handle(event) }
  }

  /// Clears the bar and names a failure no photo's line named (the record's closing commit); the closing line is
  /// each command's own.
  func finish(_ summary: DownloadSummary) {
    progress.finish()
    if let error = summary.recordError { StandardError.error("rover: \(ExitStatus.message(for: error))") }
  }

  /// A certificate that does not verify stopped the run: that one error, said once (no photo line, no summary
  /// line before it), so the user reads the host and how to trust its CA, not a list of photos that failed alike.
  static func stopIfUntrusted(_ summary: DownloadSummary) throws {
    if case .transfer(let error)? = summary.fatal, case .untrustedCertificate = error { throw error }
  }

  /// The exit the summary means: a write error (already named by its photo's line) 74, an interruption 130, a
  /// listing that failed part-way its own error, failed photos 3 (when `failuresEndRun`).
  static func end(_ summary: DownloadSummary, failuresEndRun: Bool = true) throws {
    try stopIfUntrusted(summary)
    if summary.fatal != nil { throw ExitCode(ExitStatus.ioError) }
    if summary.interrupted { throw ExitCode(ExitStatus.interrupted) }
    if let error = summary.sourceError { throw error }
    if failuresEndRun, summary.failed > 0 { throw ExitCode(ExitStatus.someDownloadsFailed) }
  }
}
