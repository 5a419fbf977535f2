import Foundation

/// How long the feeds' answers stay fresh: old sols do not change, the latest ones still receive downlinks, and
/// the latest-sol summaries sit in NASA's CDN for a minute or two.
enum RawFeedFreshness {
  static let latest: TimeInterval = 600
  static let recentSol: TimeInterval = 3_600
  static let settledSol: TimeInterval = 30 * 86_400
  static let photo: TimeInterval = 30 * 86_400
  /// Ingenuity and InSight no longer send anything: their latest sol and every sol are final.
  static let completeMission: TimeInterval = 180 * 86_400
  /// Sols at least this far behind the rover's latest are treated as settled.
  static let settledSolLag = 30
}
