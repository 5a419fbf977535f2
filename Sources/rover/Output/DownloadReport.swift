import Foundation
import RoverCore

/// What `fetch-image` tells the user: each failure on stderr, each result as JSON Lines with `--json`, and the
/// summary line.
struct DownloadReport: Sendable {
  /// What goes on stdout per result: nothing (nil), or `fetch-image --format`.
  let format: ResultFormat?
  let outputDirectory: URL
  private let headerDone = Locked(false)
  /// Whether the dead Spirit and Opportunity links were explained: once a run, not once per photo.
  private let deadLinksSaid = Locked(false)
  /// Set by the first photo that failed for a reason that stops the run (a full disk): the photos in flight fail
  /// the same way, and one line says it; they are still counted, and listed in a result format.
  private let fatalTold = Locked(false)

  init(format: ResultFormat?, outputDirectory: URL) {
    self.format = format
    self.outputDirectory = outputDirectory
  }

  /// The stable `--json` record for one photo. A photo known only by its URL (`--format urls` piped in) has no
  /// rover, sol or camera: `null`, never a made-up value (sol 0 is a real sol).
  struct Record: Encodable {
    var status: String
    var id: PhotoID
    var rover: String?
    var sol: Int?
    var camera: String?
    /// `null` for an id the service could not look up: it has no image and was given no path.
    var imgSrc: String?
    var path: String?
    var bytes: Int?
    var reason: String?
    var error: String?

    enum CodingKeys: String, CodingKey {
      case status, id, rover, sol, camera, path, bytes, reason, error
      case imgSrc = "img_src"
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(status, forKey: .status)
      try container.encode(id, forKey: .id)
      // Always present, `null` when unknown.
      try container.encode(rover, forKey: .rover)
      try container.encode(sol, forKey: .sol)
      try container.encode(camera, forKey: .camera)
      try container.encode(imgSrc, forKey: .imgSrc)
      try container.encode(path, forKey: .path)
      try container.encodeIfPresent(bytes, forKey: .bytes)
      try container.encodeIfPresent(reason, forKey: .reason)
      try container.encodeIfPresent(error, forKey: .error)
    }
  }

  /// A photo a dry run would fetch to `path` (relative to the output directory), as the real run would report it.
  func record(planned photo: Photo, path: String) -> Record {
    let known = !photo.isKnownOnlyByURL
    return Record(
      status: "planned", id: photo.id, rover: known ? photo.rover.name.lowercased() : nil, sol: known ? photo.sol : nil,
      camera: known ? photo.camera.name : nil, imgSrc: photo.imageSource,
      path: outputDirectory.appendingPathComponent(path).path)
  }

  /// An id asked for that the service could not look up (unknown, or the lookup failed): a `failed` record like a
  /// photo's, so a script reading `--json` sees every photo it asked for exactly once.
  func record(failedID id: PhotoID, error: any Error) -> Record {
    Record(
      status: "failed", id: id, imgSrc: nil, path: nil,
      error: (error as? LocalizedError)?.errorDescription ?? "\(error)")
  }

  func record(_ result: DownloadResult) -> Record {
    var record = record(planned: result.photo, path: result.path)
    switch result.outcome {
    case .downloaded(let bytes):
      record.status = "downloaded"
      record.bytes = bytes
    case .skipped(let reason):
      record.status = "skipped"
      record.reason = reason.rawValue
    case .failed(let error):
      record.status = "failed"
      record.error = error.errorDescription
    }
    return record
  }

  /// Whether this is the run's first fatal failure.
  func finished(_ result: DownloadResult, progress: ProgressBar) {
    // A certificate that does not verify stops the run and is said once, by `DownloadPresenter.stopIfUntrusted`.
    if case .failed(let error) = result.outcome, !Self.isUntrusted(error) {
      if error.isDeadMERLink {
        // Every such photo fails alike: one line says what to do; the summary and --json count each.
        if deadLinksSaid.isFirst() { progress.message("rover: \(Self.deadMERLinks)", isError: true) }
      } else if !error.isFatal || fatalTold.isFirst() {
        progress.message(
          "rover: failed photo \(result.photo.id): \(error.errorDescription ?? "\(error)")", isError: true)
      }
    }
    guard let format else { return }
    if case .failed = result.outcome, format == .paths { return }
    write(record(result), format: format)
  }

  /// Ids that could not be looked up, each as the `failed` record a script counts (with `--format`).
  func failedLookups(_ failures: [(id: PhotoID, error: any Error)]) {
    guard let format, format != .paths else { return }
    for failure in failures { write(record(failedID: failure.id, error: failure.error), format: format) }
  }

  private func write(_ record: Record, format: ResultFormat) {
    var text: String
    switch format {
    case .jsonl:
      text = (try? JSONOutput.lines([record])) ?? ""
    case .csv:
      let header = headerDone.isFirst()
      let row = [
        record.status, record.id.description, record.rover ?? "", record.sol.map(String.init) ?? "",
        record.camera ?? "",
        record.imgSrc ?? "",
        record.path ?? "", record.bytes.map(String.init) ?? "", record.reason ?? "", record.error ?? "",
      ]
      text = TableRenderer.csv(columns: Self.csvFields, rows: [row])
      if !header { text = String(text.drop { $0 != "\n" }.dropFirst()) }
    case .paths:
      text = ControlCharacters.escaped(record.path ?? "") + "\n"
    }
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Said once for a run whose Spirit or Opportunity photos point at NASA's removed images.
  static let deadMERLinks =
    "Spirit and Opportunity images are served by the PDS: use --service pds "
    + "(NASA removed the Spirit and Opportunity raw images in 2024; every photo listed with those links fails)"

  /// The JSON Lines record's field names, as CSV's header.
  static let csvFields = ["status", "id", "rover", "sol", "camera", "img_src", "path", "bytes", "reason", "error"]

  static func isUntrusted(_ error: DownloadError) -> Bool {
    if case .transfer(.untrustedCertificate) = error { return true }
    return false
  }

  static func summaryLine(_ summary: DownloadSummary) -> String {
    let rate = summary.seconds > 0 ? Double(summary.bytes) / summary.seconds : 0
    var line =
      "downloaded \(summary.downloaded), skipped \(summary.skipped), failed \(summary.failed), "
      + "\(ByteFormat.bytes(summary.bytes)) in \(ByteFormat.oneDecimal(max(0, summary.seconds)))s "
      + "(\(ByteFormat.bytes(Int(rate)))/s)"
    if summary.interrupted { line += ", interrupted" }
    // Photos read or listed that the run stopped before: counted, so none is dropped in silence.
    if summary.unfinished > 0 { line += " (\(summary.unfinished) photo\(summary.unfinished == 1 ? "" : "s") not done)" }
    return line
  }
}
