import Foundation
import RoverCore
import RoverImaging

/// Says what `animate` wrote: a line per movie on stdout (a JSON object with `--json`), and one warning per movie on
/// stderr when frames were left out.
struct MovieReport {
  let json: Bool

  func written(_ movie: FrameMovie, _ result: MovieResult) {
    if let warning = Self.warning(movie.id, result) { StandardError.line(warning) }
    let line =
      json
      ? Self.jsonLine(movie, result)
      : [
        movie.id, "\(result.frames) frames", "\(result.width)x\(result.height)", ControlCharacters.escaped(result.path),
      ]
      .joined(separator: "\t")
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// One line naming the first frame left out for each reason, and how many were.
  static func warning(_ id: String, _ result: MovieResult) -> String? {
    guard result.skipped > 0 else { return nil }
    let reasons = result.firstSkips.map { skip in
      let name = URL(fileURLWithPath: skip.path).lastPathComponent
      switch skip.reason {
      case .size(let width, let height):
        return "\(name) is \(width)x\(height), not \(result.width)x\(result.height)"
      case .undecodable(let reason): return "\(name) does not decode (\(reason))"
      }
    }
    return "rover: movie \(id): left out \(result.skipped) frame\(result.skipped == 1 ? "" : "s"): "
      + reasons.joined(separator: "; ")
  }

  /// Keys in a fixed order, snake_case, `null` where unknown.
  static func jsonLine(_ movie: FrameMovie, _ result: MovieResult) -> String {
    let object: [(String, Any?)] = [
      ("id", movie.id), ("sol", movie.sol), ("last_sol", movie.lastSol), ("sequence", movie.sequence),
      ("camera", movie.camera), ("eye", movie.eye), ("frames", result.frames), ("skipped", result.skipped),
      ("width", result.width), ("height", result.height), ("cadence_seconds", movie.cadence),
      ("play_seconds", result.playSeconds), ("path", result.path),
    ]
    let fields = object.map { key, value -> String in
      let text: String
      switch value {
      case let value as String: text = DecodedName.jsonString(value)
      case let value as Int: text = String(value)
      case let value as Double: text = DecodedName.seconds(value) ?? "null"
      default: text = "null"
      }
      return "\"\(key)\":\(text)"
    }
    return "{" + fields.joined(separator: ",") + "}"
  }
}
