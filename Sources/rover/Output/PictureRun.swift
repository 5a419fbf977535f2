import ArgumentParser
import Foundation
import RoverCore
import RoverImaging

/// One `assemble` or `anaglyph` run: sol by sol, list, fetch, make, report.
struct PictureRun {
  let client: PhotoClient
  let request: PhotoRequest
  let workshop: PictureWorkshop
  let format: PictureFormat
  private let outcome = Locked(PictureReport.Outcome())

  init(client: PhotoClient, request: PhotoRequest, workshop: PictureWorkshop, format: PictureFormat) {
    self.client = client
    self.request = request
    self.workshop = workshop
    self.format = format
  }

  func forEachSol(
    _ body: (_ photos: [Photo], _ workshop: PictureWorkshop, _ report: PictureReport) async throws -> Void
  ) async throws {
    _ = try await client.forEachBatch(request) { photos in
      let report = PictureReport(format: format)
      try await body(photos, workshop, report)
      outcome.withLock { $0.merge(report.outcome) }
    }
  }

  /// The exit code of the run: the first picture failure's, else 3 when frames could not be downloaded.
  func finish() throws {
    let result = outcome.withLock { $0 }
    if let code = result.firstFailure { throw ExitCode(code) }
    if result.downloadsFailed { throw ExitCode(ExitStatus.someDownloadsFailed) }
  }
}
