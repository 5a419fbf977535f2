import Foundation

/// How long the archive's answers stay fresh: both MER missions are over and their products archived, so a search
/// answers the same for weeks. A response's own `Cache-Control` still wins (see `CachedFetcher`).
enum PDSFreshness {
  static let archive: TimeInterval = 30 * 86_400
}
