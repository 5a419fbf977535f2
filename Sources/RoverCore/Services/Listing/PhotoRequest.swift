/// Everything a listing command can ask for, resolved to batches of photos by `PhotoListing`.
public enum PhotoRequest: Sendable {
  /// One sol, one date or the latest sol, at most one camera: the services' own query, exactly as before.
  case query(PhotoQuery)
  /// A stretch of the mission, sol by sol.
  case range(PhotoRange)
  /// The latest sol with several cameras or a limit.
  case latest(rover: String, cameras: [String], limit: Int?)
  /// Photos by id.
  case ids([PhotoID])
}

/// A sol whose listing came back with fewer photos than the service's own count for it.
public struct Shortfall: Sendable, Equatable {
  public var sol: Int
  public var listed: Int
  public var expected: Int
}
