import Foundation

/// How a bulk download treats its files: where they go, how they are named, how many at once, and what is kept
/// beside them. How the images are fetched (engine, CA file, timeout, retries, rate) is not here: it is the
/// ``ConnectionSettings`` of the ``PhotoClient`` that makes the ``Downloader`` (``PhotoClient/downloader(_:events:)``),
/// so a download can never use other settings than its listing. Every value has a default a script would want,
/// except where the files go.
public struct DownloadOptions: Sendable {
  /// The folder the photos are written into (created if missing). Files are only ever created inside it.
  public var outputDirectory: URL
  /// How each photo's path below `outputDirectory` is made; see ``NameTemplate``.
  public var template: NameTemplate
  /// Transfers in flight at once (at least 1). Memory grows with this, never with the number of photos.
  public var jobs: Int
  /// Fetch photos again even when their files are in place.
  public var force: Bool
  /// A text file listing every photo ever downloaded (`rover --archive`), consulted before anything else, so
  /// photos moved away are not fetched again. Nil: none.
  public var archive: URL?
  /// Write each photo's metadata beside it as `<file>.json`.
  public var writeMetadata: Bool
  /// Keep a small SQLite record (`.rover-record.sqlite`) in the output folder. With it, a re-run knows each file's
  /// size (so a file cut short by a crash is fetched again) and recognises a frame listed under another id; without
  /// it, any non-empty file in place counts as done. Off unless asked for, so the folder holds only photos.
  public var keepsRecord: Bool
  /// Keep only the highest version of a frame NASA re-sends (`sync`): a lower one is not downloaded, and is
  /// removed (with its sidecar) once a higher one is in place. Needs the record.
  package var highestVersionsOnly = false
  /// Positions for each photo (sidecars, `{lon}`/`{lat}` names) and the `--near` area; nil: none looked up.
  package var placement: PhotoPlacement?
  /// Whether `DownloadEvent.bytes` is wanted (a progress bar on a terminal): off, a transfer reports no byte counts
  /// and spares their bookkeeping per request.
  package var reportsBytes = true

  /// The hidden record kept in each output directory when ``keepsRecord`` is on.
  public static let recordName = DownloadRecord.fileName()

  /// Options with a script's defaults: eight transfers at once, flat names, no record, no archive.
  /// - Parameters:
  ///   - outputDirectory: where the photos go; created when missing.
  ///   - template: how each file is named below it (default: ``NameTemplate/defaultPattern``,
  ///     `{rover}_{sol}_{camera}_{id}.{ext}`).
  ///   - jobs: transfers at once (clamped to at least 1).
  ///   - force: fetch photos again even when their files are in place.
  ///   - archive: a text file of every photo downloaded, consulted first; nil: none.
  ///   - writeMetadata: write each photo's metadata beside it as `<file>.json`.
  ///   - keepsRecord: keep the output folder's record (see ``keepsRecord``).
  public init(
    outputDirectory: URL, template: NameTemplate = .default, jobs: Int = 8, force: Bool = false, archive: URL? = nil,
    writeMetadata: Bool = false, keepsRecord: Bool = false
  ) {
    self.outputDirectory = outputDirectory
    self.template = template
    self.jobs = max(1, jobs)
    self.force = force
    self.archive = archive
    self.writeMetadata = writeMetadata
    self.keepsRecord = keepsRecord
  }
}
