import RoverCore
import RoverMirror

extension SyncSelection: CustomStringConvertible {
  /// The selection as the flags that make it, so the user can read what a sync will mirror.
  package var description: String {
    var parts = [rover]
    if let sol { parts.append("--sol \(sol)") }
    if let earthDate { parts.append("--earth-date \(earthDate)") }
    if !cameras.isEmpty { parts.append("--camera \(cameras.joined(separator: ","))") }
    parts.append("--name '\(name)'")
    return parts.joined(separator: " ")
  }
}
