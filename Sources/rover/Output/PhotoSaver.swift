import ArgumentParser
import Foundation
import RoverCore

/// Downloads a handful of photos through the normal downloader (its record, so a re-run fetches nothing) and says
/// where each landed: what `watch --download` and `animate` need before they act on the files.
struct PhotoSaver {
  let directory: URL
  var template = NameTemplate.defaultPattern
  let jobs: Int
  var writeMetadata = false
  /// The client the photos were listed through: its downloader fetches them with the same settings.
  let client: PhotoClient
  /// Positions for `{lon}`/`{lat}` names and sidecars, when asked for (`watch --positions`).
  var placement: PhotoPlacement?

  init(
    directory: String, template: String? = nil, jobs: Int, writeMetadata: Bool = false, client: PhotoClient,
    placement: PhotoPlacement? = nil
  ) {
    self.directory = URL(fileURLWithPath: directory)
    self.template = template ?? NameTemplate.defaultPattern
    self.jobs = jobs
    self.writeMetadata = writeMetadata
    self.client = client
    self.placement = placement
  }

  /// The photos' downloads; which failed (each said on stderr), and where each of the others is.
  /// - Throws: `ExitCode` when a download could not be written or the host is not trusted.
  func save(_ photos: [Photo]) async throws -> (failed: Bool, paths: [PhotoID: String]) {
    // Messages only: the progress bar would fight the JSON Lines on a terminal.
    let presenter = DownloadPresenter(format: nil, outputDirectory: directory, drawsProgress: false)
    var options = DownloadOptions(
      outputDirectory: directory, template: try NameTemplate(template), jobs: jobs, writeMetadata: writeMetadata,
      keepsRecord: true)
    options.placement = placement
    let done = Locked<[PhotoID: String]>([:])
    let output = directory
    // The client's downloader: --limit-rate is over every transfer of the command, the listing's and these.
    let summary = try await client.downloader(options) { event in
      presenter.handle(event)
      guard case .finished(let result) = event else { return }
      if case .failed = result.outcome { return }
      done.withLock { $0[result.photo.id] = output.appendingPathComponent(result.path).path }
    }.run(photos)
    try DownloadPresenter.stopIfUntrusted(summary)
    if summary.fatal != nil { throw ExitCode(ExitStatus.ioError) }
    return (summary.failed > 0, done.current)
  }
}
