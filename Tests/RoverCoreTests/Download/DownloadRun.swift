import Foundation

@testable import RoverCore

/// The downloader run in process as its tests run it, with every result and warning it reported.
struct DownloadRun {
  var summary: DownloadSummary
  /// Each photo's result, in the order they finished.
  var results: [DownloadResult]
  var warnings: [Notice]

  static func run(
    _ photos: [Photo], _ options: DownloadOptions, retryPolicy: RetryPolicy = RetryPolicy(),
    maxBytesPerSecond: Int? = nil
  ) async throws -> DownloadRun {
    let results = Locked<[DownloadResult]>([])
    let warnings = Locked<[Notice]>([])
    let summary = try await Downloader(
      options: options, retryPolicy: retryPolicy, maxBytesPerSecond: maxBytesPerSecond
    ) { event in
      if case .finished(let result) = event { results.withLock { $0.append(result) } }
      if case .warning(let notice) = event { warnings.withLock { $0.append(notice) } }
    }.run(photos)
    return DownloadRun(summary: summary, results: results.current, warnings: warnings.current)
  }

  /// Each photo's outcome by its id.
  var outcomes: [PhotoID: DownloadResult.Outcome] {
    Dictionary(results.map { ($0.photo.id, $0.outcome) }) { _, last in last }
  }
}

extension DownloadOptions {
  /// Options as the download tests use them: a record kept.
  static func testing(
    into directory: URL, template: NameTemplate = .default, jobs: Int = 8, archive: URL? = nil
  ) -> DownloadOptions {
    DownloadOptions(outputDirectory: directory, template: template, jobs: jobs, archive: archive, keepsRecord: true)
  }
}

extension Downloader {
  /// A downloader as the download tests make one: the engine under test (`HTTPEngineKind.testing`), the settings'
  /// defaults otherwise.
  convenience init(
    options: DownloadOptions, retryPolicy: RetryPolicy = RetryPolicy(), maxBytesPerSecond: Int? = nil,
    events: @escaping @Sendable (DownloadEvent) -> Void = { _ in }
  ) {
    var settings = ConnectionSettings()
    settings.engine = .testing
    settings.retryPolicy = retryPolicy
    settings.maxBytesPerSecond = maxBytesPerSecond
    self.init(validated: settings, options: options, events: events)
  }
}
