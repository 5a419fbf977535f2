/// Which photos to list: one rover, which days, which cameras, how many. The one request type of
/// ``PhotoClient/photos(_:)``; photos by id are ``PhotoClient/photos(ids:)``.
///
/// ```swift
/// let sol = PhotoRequest(rover: "curiosity", days: .sol(1000), cameras: ["FHAZ"])
/// let mission = PhotoRequest(rover: "perseverance", days: .solsFrom(0), limit: 500)
/// let month = PhotoRequest(rover: "curiosity", days: .earthDates(first...last))
/// ```
///
/// A single day with at most one camera and no limit is the services' own query (one request a page); anything
/// else is listed sol by sol, in sol order, a few sols at a time, with only sols that have photos asked for.
public struct PhotoRequest: Hashable, Sendable {
  /// The days a request covers.
  public enum Days: Hashable, Sendable {
    /// One mission day: from 0 at landing (from 1 for Spirit and Opportunity).
    case sol(Int)
    /// An inclusive stretch of sols.
    case sols(ClosedRange<Int>)
    /// From a sol up to the rover's latest, whatever it is when the listing reaches it.
    case solsFrom(Int)
    /// One UTC day; each service dates photos its own way (see ``Photo/earthDate``).
    case earthDate(CalendarDate)
    /// Inclusive UTC days; photos are kept by their `earth_date`.
    case earthDates(ClosedRange<CalendarDate>)
    /// The newest sol the service has photos for.
    case latest
  }

  /// One page of a one-day request, as the service numbers them.
  public struct Page: Hashable, Sendable {
    /// The page, from 1.
    public var number: Int
    /// Photos a page; nil: the service's own page size (25 on the Photos API).
    public var size: Int?

    /// A page by number and, optionally, size.
    public init(_ number: Int, size: Int? = nil) {
      self.number = number
      self.size = size
    }
  }

  /// The rover's name, any case (`curiosity`, `Perseverance`).
  public var rover: String
  /// Which days.
  public var days: Days
  /// Camera names or groups (Perseverance's `NAVCAM` is its members), matched case-insensitively; empty: every
  /// camera.
  public var cameras: [String]
  /// The most photos listed; the listing stops there. Nil: no limit.
  public var limit: Int?
  /// Exactly one page of a one-day, one-camera request without a limit; nil: every page, merged. Ignored for
  /// anything listed sol by sol.
  public var page: Page?

  /// A request from its parts; by default every camera, no limit, every page.
  public init(rover: String, days: Days, cameras: [String] = [], limit: Int? = nil, page: Page? = nil) {
    self.rover = rover
    self.days = days
    self.cameras = cameras
    self.limit = limit
    self.page = page
  }

  /// Whether the request is the services' own one-day query (a page can be asked of it), not a listing sol by sol.
  package var isSingleQuery: Bool {
    if case .query = plan { return true }
    return false
  }

  /// How the listing goes about it.
  package var plan: ListingPlan {
    let single: PhotoSelection?
    let stretch: PhotoRange.Days?
    switch days {
    case .sol(let sol): (single, stretch) = (.sol(sol), .sols(lower: sol, upper: sol))
    case .earthDate(let date): (single, stretch) = (.earthDate(date), .earthDates(lower: date, upper: date))
    case .latest: (single, stretch) = (.latest, nil)
    case .sols(let sols): (single, stretch) = (nil, .sols(lower: sols.lowerBound, upper: sols.upperBound))
    case .solsFrom(let sol): (single, stretch) = (nil, .sols(lower: sol, upper: nil))
    case .earthDates(let dates):
      (single, stretch) = (nil, .earthDates(lower: dates.lowerBound, upper: dates.upperBound))
    }
    if let single, cameras.count <= 1, limit == nil {
      let paging = page.map { Paging.page($0.number, perPage: $0.size) } ?? .all
      return .query(PhotoQuery(rover: rover, selection: single, camera: cameras.first, paging: paging))
    }
    guard let stretch else { return .latest(rover: rover, cameras: cameras, limit: limit) }
    return .range(PhotoRange(rover: rover, days: stretch, cameras: cameras, limit: limit))
  }
}
