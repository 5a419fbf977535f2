import ArgumentParser
import Foundation
import RoverCore
import RoverImaging

/// What `assemble` and `anaglyph` say per picture: its path or JSON line on stdout, warnings and failures on stderr.
final class PictureReport {
  struct Outcome {
    var firstFailure: Int32?
    var downloadsFailed = false

    mutating func merge(_ other: Outcome) {
      firstFailure = firstFailure ?? other.firstFailure
      downloadsFailed = downloadsFailed || other.downloadsFailed
    }
  }

  let format: PictureFormat
  var outcome = Outcome()

  init(format: PictureFormat) {
    self.format = format
  }

  func made(path: String, json: some Encodable) {
    switch format {
    case .text:
      Printer(format: .table, color: false).write(ControlCharacters.escaped(path) + "\n")
    case .json:
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      guard let data = try? encoder.encode(json) else { return }
      Printer(format: .table, color: false).write(String(decoding: data, as: UTF8.self) + "\n")
    }
  }

  /// Runs the making of one picture; a failure is said in one line and remembered for the exit code, and the run
  /// goes on with the next picture.
  func attempt(_ body: () throws -> Void) {
    do { try body() } catch { failed(error) }
  }

  func warning(_ text: String) {
    StandardError.line("rover: warning: \(text)")
  }

  func failed(_ error: any Error) {
    let (code, message) = ExitStatus.report(for: error) ?? (ExitStatus.dataError, "\(error)")
    StandardError.error("rover: \(message ?? "\(error)")")
    outcome.firstFailure = outcome.firstFailure ?? code
  }

  func downloadFailures(_ results: [DownloadResult]) {
    for result in results {
      guard case .failed(let error) = result.outcome else { continue }
      StandardError.error("rover: failed photo \(result.photo.id): \(ExitStatus.message(for: error))")
      outcome.downloadsFailed = true
    }
  }
}
