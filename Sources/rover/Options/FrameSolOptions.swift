import ArgumentParser
import Foundation
import RoverCore

/// `--sol N|A..B` and `--camera` for the commands that work on whole sols (`pairs`, `sequences`, `assemble`,
/// `anaglyph`, `animate`): no Earth dates and no `--limit`, since a pair or a sequence cut in the middle of a sol would
/// be wrong.
struct FrameSolOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Martian day counted from 0 at landing, or an inclusive range: 1000..1100, or 3000.. (to the latest).",
      valueName: "sol"))
  var sol: String

  @Option(
    name: .customLong("camera"),
    help: ArgumentHelp(
      "Only these cameras or groups: repeat the flag or give a comma list (case-insensitive).", valueName: "name"),
    completion: Completions.cameras)
  var cameraArguments: [String] = []

  var cameras: [String] { PhotoSelectionOptions.cameras(cameraArguments) }

  func validate() throws {
    _ = try PhotoSelectionOptions.sols(sol)
    for camera in cameras where camera.isEmpty || camera.contains(where: { $0.isWhitespace || $0 == "/" }) {
      throw ValidationError("invalid --camera '\(camera)'")
    }
  }

  /// One sol or a stretch of sols, with the cameras; the library lists one sol with at most one camera as a single
  /// query and anything else sol by sol.
  func request(rover: String) throws -> PhotoRequest {
    switch try PhotoSelectionOptions.sols(sol) {
    case .single(.sol(let sol)):
      return PhotoRequest(rover: rover, days: .sol(sol), cameras: cameras)
    case .single, .range(.earthDates):
      throw ValidationError("--sol must be a sol (0 or more) or a range A..B, got '\(sol)'")
    case .range(.sols(let lower, let upper)):
      return PhotoRequest(rover: rover, days: upper.map { .sols(lower...$0) } ?? .solsFrom(lower), cameras: cameras)
    }
  }

}
