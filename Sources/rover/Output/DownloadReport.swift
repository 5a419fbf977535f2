import Foundation
import RoverCore

/// What `fetch-image` tells the user: each failure on stderr, each result as JSON Lines with `--json`, and the
/// summary line.
struct DownloadReport: Sendable {
  let json: Bool
  let outputDirectory: URL

  /// The stable `--json` record for one photo.
  struct Record: Encodable {
    var status: String
    var id: PhotoID
    var rover: String
    var sol: Int
    var camera: String
    var imgSrc: String
    var path: String
    var bytes: Int?
    var reason: String?
    var error: String?

    enum CodingKeys: String, CodingKey {
      case status, id, rover, sol, camera, path, bytes, reason, error
      case imgSrc = "img_src"
    }
  }

  func record(_ result: DownloadResult) -> Record {
    var record = Record(
      status: "", id: result.photo.id, rover: result.photo.rover.name.lowercased(), sol: result.photo.sol,
      camera: result.photo.camera.name, imgSrc: result.photo.imageSource,
      path: outputDirectory.appendingPathComponent(result.path).path)
    switch result.outcome {
    case .downloaded(let bytes):
      record.status = "downloaded"
      record.bytes = bytes
    case .skipped(let reason):
      record.status = "skipped"
      record.reason = reason
    case .failed(let error):
      record.status = "failed"
      record.error = error.errorDescription
    }
    return record
  }

  func finished(_ result: DownloadResult, progress: ProgressBar) {
    if case .failed(let error) = result.outcome {
      progress.message(
        "rover: failed photo \(result.photo.id): \(error.errorDescription ?? "\(error)")", isError: true)
    }
    if json, let line = try? JSONOutput.lines([record(result)]) {
      FileHandle.standardOutput.write(Data(line.utf8))
    }
  }

  static func summaryLine(_ summary: DownloadSummary) -> String {
    let rate = summary.seconds > 0 ? Double(summary.bytes) / summary.seconds : 0
    var line =
      "downloaded \(summary.downloaded), skipped \(summary.skipped), failed \(summary.failed), "
      + "\(ByteFormat.bytes(summary.bytes)) in \(String(format: "%.1f", summary.seconds))s "
      + "(\(ByteFormat.bytes(Int(rate)))/s)"
    if summary.interrupted { line += ", interrupted" }
    return line
  }
}
