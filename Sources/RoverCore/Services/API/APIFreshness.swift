import Foundation

/// How long the API copies' answers stay fresh, following the data: finished missions and old sols do not
/// change, active rovers and recent sols do. A response's own `Cache-Control` wins (see `CachedFetcher`).
enum APIFreshness {
  static let short: TimeInterval = 3_600
  static let long: TimeInterval = 30 * 86_400
  /// Sols at least this far behind the rover's latest are treated as settled (downlinks lag by days, not weeks).
  static let settledSolLag = 30

  static func rovers(_ rovers: [Rover]) -> TimeInterval {
    !rovers.isEmpty && rovers.allSatisfy { $0.status == .complete } ? long : short
  }

  static func rover(_ rover: Rover) -> TimeInterval {
    rover.status == .complete ? long : short
  }

  /// A photo listing, from what is known before asking: the day it is about and the rover's latest sol, if known.
  static func photos(_ selection: PhotoSelection, knownMaxSol: Int?, today: CalendarDate = .today()) -> TimeInterval {
    switch selection {
    case .sol(let sol):
      guard let knownMaxSol else { return short }
      return knownMaxSol - sol >= settledSolLag ? long : short
    case .earthDate(let date):
      return today.daysSinceEpoch - date.daysSinceEpoch >= settledSolLag ? long : short
    case .latest:
      return short
    }
  }
}
