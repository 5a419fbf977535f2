/// A whole stretch of a mission: a sol range or an Earth-date range, any number of cameras, an optional cap.
package struct PhotoRange: Hashable, Sendable {
  /// The stretch of days, by sol or by Earth date.
  package enum Days: Hashable, Sendable {
    /// Inclusive; `upper` nil means the rover's latest sol.
    case sols(lower: Int, upper: Int?)
    /// Inclusive UTC days; photos are kept by their `earth_date`.
    case earthDates(lower: CalendarDate, upper: CalendarDate)
  }

  /// The rover's name, any case.
  package var rover: String
  /// The sols or dates the range covers; only sols with photos in the rover's manifest are asked for.
  package var days: Days
  /// Camera names or groups, matched case-insensitively. Empty: every camera.
  package var cameras: [String]
  /// The most photos listed; the listing stops there. Nil: no limit.
  package var limit: Int?

  /// A range from its parts; by default every camera and no limit.
  package init(rover: String, days: Days, cameras: [String] = [], limit: Int? = nil) {
    self.rover = rover
    self.days = days
    self.cameras = cameras
    self.limit = limit
  }
}

/// One sol's photos, complete, in the order the service lists them.
package struct SolBatch: Sendable {
  /// The sol these photos were taken on.
  package var sol: Int
  /// Every photo of the sol the range selects.
  package var photos: [Photo]
  /// The service's count for the sol (all cameras), where it has one.
  package var expected: Int?
  /// How many photos the service listed for the sol, before any ``PhotoFilter``: what a shortfall is judged by.
  package var listed: Int
  /// Older versions of re-sent frames the filter's newest-version default left out of ``photos``.
  package var olderVersions = 0
  /// False for a part of a sol too large to hand over whole: more parts follow, and the last (with this true)
  /// carries ``expected`` and the sol's whole ``listed``.
  package var isLast = true
  /// Set by the lister on a sol it will list again in parts (``isLast``), never seen by a caller.
  var isLarge = false
  /// The sol's count from the index, kept for its last part.
  var entryExpected: Int?
}

extension PhotoRange.Days {
  /// Days given as sols (a sol listed is the whole sol), not as Earth dates (which keep part of a sol).
  package var isSols: Bool {
    if case .sols = self { return true }
    return false
  }
}
