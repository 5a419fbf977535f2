/// How a listing goes about a ``PhotoRequest``: the services' own one-day query, a stretch listed sol by sol, the
/// latest sol with several cameras or a limit, or photos by id. Chosen by ``PhotoRequest/plan``.
package enum ListingPlan: Sendable {
  /// One sol, one date or the latest sol, at most one camera: the services' own query.
  case query(PhotoQuery)
  /// A stretch of the mission, sol by sol.
  case range(PhotoRange)
  /// The latest sol with several cameras or a limit.
  case latest(rover: String, cameras: [String], limit: Int?)
  /// Photos by id, looked up a few at a time and delivered in the order given; an id no service knows is left
  /// out and the others are still delivered.
  case ids([PhotoID])
}

/// A sol whose listing came back with fewer photos than the service's own count for it.
package struct Shortfall: Sendable, Equatable {
  /// The sol listed short.
  package var sol: Int
  /// Photos the listing delivered.
  package var listed: Int
  /// Photos the service's manifest counts for the sol.
  package var expected: Int
}
