import Foundation

/// The newest sol a rover can have reached, so a sol a service sends is checked before anything is sized by it.
///
/// A feed's `latest_sol` of 10¹⁰ once became a 240 GB array of sols, a manifest `max_sol` of `Int.max` trapped on
/// `latest - lookback + 1`, and PDS facets listing 300 000 Opportunity sols ran for an hour. The bound exists to stop
/// such numbers, not to second-guess a real mission, so no real answer comes near it: it is the calendar's sol for
/// tomorrow (UTC) plus two sols for capture times that run past the formula date (api-reference 7.5), or, for a
/// finished mission, the sol of its last contact plus ``finishedMargin``: NASA counts InSight's service at 1 445
/// sols, more than the formula's 1 440 for its last contact (api-reference 8.12).
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
  /// The sol of each finished mission's last contact as the mission counted it, where it runs past the formula's
  /// sol for that day: NASA counts InSight's service at 1 445 sols (api-reference 8.12) where the formula gives
  /// 1 440; Spirit's last contact was its sol 2210 and Opportunity's its sol 5111.
  static let lastContactSol: [Mission: Int] = [.spirit: 2_210, .opportunity: 5_111, .insight: 1_445]
  /// Sols after the formula's sol for tomorrow that are still accepted (a running mission).
  static let margin = 2
  /// Sols after the formula's sol for the last contact that are still accepted (a finished mission): missions
  /// count their sols by other clocks than the formula, and nothing is sized by 30 sols more.
  static let finishedMargin = 30
  /// For a rover no table knows (a service may list one): more sols than any mission has had since 1997.
  static let unknownRoverLimit = 20_000

  /// The newest sol `rover` can have photos from on `now`'s date.
  package static func limit(rover: String, now: Date = Date()) -> Int {
    guard let mission = Mission(name: rover) else { return unknownRoverLimit }
    let today = Int((now.timeIntervalSince1970 / 86_400).rounded(.down)) + 1
    let day = min(today, lastContact[mission] ?? today)
    let sol = MarsCalendar.sols(rover: rover, on: CalendarDate(daysSinceEpoch: day)).last ?? mission.landingSol
    guard day != today else { return sol + margin }
    return max(sol, lastContactSol[mission] ?? sol) + finishedMargin
  }

  /// `work`'s rover, or `nil` after one warning when its answer held a sol past the bound: one implausible number
  /// in one rover's answer leaves that rover out of a `rovers` listing instead of failing the whole listing.
  ///
  /// - Throws: whatever `work` throws other than ``ServiceError/implausibleSol(rover:sol:limit:service:)``.
  package static func leavingOutImplausible(
    _ events: ClientEventHandler?, _ work: () async throws -> Rover
  ) async throws -> Rover? {
    do {
      return try await work()
    } catch ServiceError.implausibleSol(let rover, let sol, let limit, let service) {
      events?(.warning(.implausibleSolLeftOut(rover: rover, sol: sol, limit: limit, service: service)))
      return nil
    }
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
