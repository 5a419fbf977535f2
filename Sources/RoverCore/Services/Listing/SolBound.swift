import Foundation

/// The newest sol a rover can have reached, so a sol a service sends is checked before anything is sized by it.
///
/// A feed's `latest_sol` of 10¹⁰ once became a 240 GB array of sols, a manifest `max_sol` of `Int.max` trapped on
/// `latest - lookback + 1`, and PDS facets listing 300 000 Opportunity sols ran for an hour. No real answer comes
/// near the bound: it is the calendar's sol for tomorrow (UTC), or for the day of last contact of a finished
/// mission, plus two sols for capture times that run past the formula date (api-reference 7.5).
package enum SolBound {
  /// Days since 1970-01-01 (UTC) of the last contact of the missions that have ended: nothing can be captured
  /// after it. Ingenuity's images kept arriving after its last flight (its feed's last sol, 1069, is a month
  /// later), so it is bounded by today like the missions still running.
  static let lastContact: [Mission: Int] = [
    // 2010-03-22
    .spirit: 14_690,
    // 2018-06-10 (sol 5111)
    .opportunity: 17_692,
    // 2022-12-15
    .insight: 19_341,
  ]
  /// Sols after the formula's sol for the bounding day that are still accepted.
  static let margin = 2
  /// For a rover no table knows (a service may list one): more sols than any mission has had since 1997.
  static let unknownRoverLimit = 20_000

  /// The newest sol `rover` can have photos from on `now`'s date.
  package static func limit(rover: String, now: Date = Date()) -> Int {
    guard let mission = Mission(name: rover) else { return unknownRoverLimit }
    let today = Int((now.timeIntervalSince1970 / 86_400).rounded(.down)) + 1
    let day = min(today, lastContact[mission] ?? today)
    let sol = MarsCalendar.sols(rover: rover, on: CalendarDate(daysSinceEpoch: day)).last ?? mission.landingSol
    return sol + margin
  }

  /// Checks one sol a service sent for `rover`.
  /// - Throws: ``ServiceError/implausibleSol(rover:sol:limit:service:)`` for a negative sol or one past
  ///   ``limit(rover:now:)``.
  package static func check(_ sol: Int, rover: String, service: String, now: Date = Date()) throws {
    let limit = limit(rover: rover, now: now)
    guard sol >= 0, sol <= limit else {
      throw ServiceError.implausibleSol(rover: rover.lowercased(), sol: sol, limit: limit, service: service)
    }
  }

  /// Checks the lowest and highest of the sols a service sent (the others lie between them).
  /// - Throws: ``ServiceError/implausibleSol(rover:sol:limit:service:)`` as ``check(_:rover:service:now:)``.
  package static func check(
    _ sols: some Sequence<Int>, rover: String, service: String, now: Date = Date()
  ) throws {
    var lowest = Int.max
    var highest = Int.min
    for sol in sols {
      lowest = min(lowest, sol)
      highest = max(highest, sol)
    }
    guard lowest <= highest else { return }
    try check(lowest, rover: rover, service: service, now: now)
    try check(highest, rover: rover, service: service, now: now)
  }

  /// Checks Earth dates asked for against the newest sol the service knows, as sols asked for are: a date past
  /// that sol's date (and the days its capture dates may run past it) is the user's mistake, not an empty success.
  /// - Throws: ``ServiceError/dateOutOfRange(rover:date:latest:service:)`` naming the first date past it.
  package static func check(
    _ dates: ClosedRange<CalendarDate>, rover: String, latest: Int, service: String
  ) throws {
    guard let last = MarsCalendar.earthDate(rover: rover, sol: latest) else { return }
    for date in [dates.lowerBound, dates.upperBound] where date > last.adding(days: margin) {
      throw ServiceError.dateOutOfRange(rover: rover, date: date, latest: last, service: service)
    }
  }
}
