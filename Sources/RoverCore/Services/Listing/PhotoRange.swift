/// A whole stretch of a mission: a sol range or an Earth-date range, any number of cameras, an optional cap.
public struct PhotoRange: Hashable, Sendable {
  public enum Days: Hashable, Sendable {
    /// Inclusive; `upper` nil means the rover's latest sol.
    case sols(lower: Int, upper: Int?)
    /// Inclusive UTC days; photos are kept by their `earth_date`.
    case earthDates(lower: CalendarDate, upper: CalendarDate)
  }

  public var rover: String
  public var days: Days
  /// Empty: every camera.
  public var cameras: [String]
  public var limit: Int?

  public init(rover: String, days: Days, cameras: [String] = [], limit: Int? = nil) {
    self.rover = rover
    self.days = days
    self.cameras = cameras
    self.limit = limit
  }
}

/// One sol's photos, complete, in the order the service lists them.
public struct SolBatch: Sendable {
  public var sol: Int
  public var photos: [Photo]
  /// The service's count for the sol (all cameras), where it has one.
  public var expected: Int?
}
