import Foundation

/// How long an answer stays fresh, following the data: finished missions and old sols do not change, active
/// rovers and recent sols do. A service's own `Cache-Control` wins where it sends one.
enum Freshness {
  static let short: TimeInterval = 3_600
  static let long: TimeInterval = 30 * 86_400
  /// Sols at least this far behind the rover's latest are treated as settled (downlinks lag by days, not weeks).
  static let settledSolLag = 30

  /// nil means "do not store" (`Cache-Control: no-store`).
  static func lifetime(
    endpoint: Endpoint, value: Any, headers: [String: String], knownMaxSol: (String) -> Int?,
    today: CalendarDate = .today()
  ) -> TimeInterval? {
    if let server = serverLifetime(headers) { return server }
    switch endpoint {
    case .rovers:
      let rovers = (value as? RoversEnvelope)?.rovers ?? []
      return rovers.allSatisfy { $0.status == .complete } && !rovers.isEmpty ? long : short
    case .rover:
      return (value as? RoverEnvelope)?.rover.status == .complete ? long : short
    case .manifest:
      return (value as? ManifestEnvelope)?.manifest.rover.status == .complete ? long : short
    case .photo:
      return long
    case .photos(let rover, .sol(let sol), _, _, _):
      guard let maxSol = knownMaxSol(rover) else { return short }
      return maxSol - sol >= settledSolLag ? long : short
    case .photos(_, .earthDate(let date), _, _, _):
      return today.daysSinceEpoch - date.daysSinceEpoch >= settledSolLag ? long : short
    case .photos(_, .latest, _, _, _):
      return short
    }
  }

  /// The feeds' latest-sol summaries: NASA's CDN caches them for a minute or two, so a few minutes is honest.
  static let latestFeed: TimeInterval = 600

  /// The service's own word, when it gives one; nil leaves the choice to our rules.
  static func serverLifetime(_ headers: [String: String]) -> TimeInterval?? {
    guard let control = headers["cache-control"]?.lowercased() else { return nil }
    if control.contains("no-store") { return .some(nil) }
    if control.contains("no-cache") { return 0 }
    return directive("max-age", in: control).map { .some($0) }
  }

  static func directive(_ name: String, in control: String) -> TimeInterval? {
    for part in control.split(separator: ",") {
      let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
      if pair.count == 2, pair[0] == name, let seconds = Double(pair[1]) { return max(0, seconds) }
    }
    return nil
  }
}
