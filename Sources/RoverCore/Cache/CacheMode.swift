import Foundation

/// How a command uses the response cache.
public struct CacheMode: Hashable, Sendable {
  public enum Use: Hashable, Sendable {
    /// Read fresh entries, ask the service otherwise, store the answer.
    case normal
    /// Ask the service whatever is cached, store the answer (`--refresh`).
    case refresh
    /// Neither read nor write (`--no-cache`).
    case disabled
    /// Never ask the service: answer from the cache whatever its age, or fail (`--offline`).
    case offline
  }

  public var use: Use
  /// Overrides the freshness rules: an entry younger than this is fresh (`--max-age`).
  public var maxAge: TimeInterval?

  public init(_ use: Use = .normal, maxAge: TimeInterval? = nil) {
    self.use = use
    self.maxAge = maxAge
  }

  var reads: Bool { use == .normal || use == .offline }
  var writes: Bool { use == .normal || use == .refresh }
}
