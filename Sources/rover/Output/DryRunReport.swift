import Foundation
import RoverCore

/// `--dry-run` of `fetch-image` and `sync`: where each photo would go, one path a line, or JSON Lines with
/// `--json`. A dry run is the run without its writes, so each line is the real run's record (`--json` of
/// `fetch-image`): the same fields, types (a numeric id stays a number, the rover its lower-case name) and
/// absolute paths, with the status `planned`.
struct DryRunReport {
  let json: Bool
  let template: NameTemplate
  let outputDirectory: URL

  func print(_ photos: [Photo]) {
    let report = DownloadReport(format: json ? .jsonl : .paths, outputDirectory: outputDirectory)
    var text = ""
    for photo in photos {
      let record = report.record(planned: photo, path: template.path(for: photo))
      text += json ? ((try? JSONOutput.lines([record])) ?? "") : ControlCharacters.escaped(record.path ?? "") + "\n"
    }
    Printer(format: json ? .jsonl : .urls, color: false).write(text)
  }
}
