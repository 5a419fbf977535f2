import Foundation

/// How a command uses the response cache.
public struct CacheMode: Hashable, Sendable {
  /// Whether the cache is read, written, both or neither.
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

  /// How entries are read and written.
  public var use: Use
  /// Overrides the freshness rules: an entry younger than this is fresh (`--max-age`).
  public var maxAge: TimeInterval?

  /// A mode from its parts; the default reads fresh entries and stores answers, by the services' freshness rules.
  /// - Parameters:
  ///   - use: how entries are read and written.
  ///   - maxAge: seconds an entry stays fresh, in place of the freshness rules; nil: the rules decide.
  public init(_ use: Use = .normal, maxAge: TimeInterval? = nil) {
    self.use = use
    self.maxAge = maxAge
  }

  var reads: Bool { use == .normal || use == .offline }
  var writes: Bool { use == .normal || use == .refresh }
}
