/// Sols and Earth dates by the services' own arithmetic (api-reference.md 1.6): a photo's `earth_date` is the
/// landing date plus floor(sol × 88775.244 / 86400) days. Spirit and Opportunity count from sol 1 on landing day
/// (api-reference 7.1), so their sols are shifted by one: the PDS archive's capture dates then agree with `sol-date`
/// (Opportunity sol 100 is 2004-05-05, sol 5111 is 2018-06-10, the day of its last contact).
package enum MarsCalendar {
  package static let secondsPerSol = 88_775.244

  /// Each mission's fixed dates. Day numbers since 1970-01-01, so the table needs no failable initialiser; the
  /// dates are in the comments.
  static func dates(_ mission: Mission) -> (landing: CalendarDate, launch: CalendarDate) {
    switch mission {
    // 2012-08-06, 2011-11-26
    case .curiosity: return (CalendarDate(daysSinceEpoch: 15_558), CalendarDate(daysSinceEpoch: 15_304))
    // Ingenuity rode in on Perseverance and counts Perseverance's sols (7.3, 7.5): 2021-02-18, 2020-07-30
    case .perseverance, .ingenuity:
      return (CalendarDate(daysSinceEpoch: 18_676), CalendarDate(daysSinceEpoch: 18_473))
    // 2004-01-25, 2003-07-07
    case .opportunity: return (CalendarDate(daysSinceEpoch: 12_442), CalendarDate(daysSinceEpoch: 12_240))
    // 2004-01-04, 2003-06-10
    case .spirit: return (CalendarDate(daysSinceEpoch: 12_421), CalendarDate(daysSinceEpoch: 12_213))
    // 2018-11-26 (sol 0 is landing day, 7.4), 2018-05-05 (launch; not in the reference)
    case .insight: return (CalendarDate(daysSinceEpoch: 17_861), CalendarDate(daysSinceEpoch: 17_656))
    }
  }

  package static func landingDate(rover: String) -> CalendarDate? { Mission(name: rover)?.landingDate }

  /// The sol of landing day: 1 for the MER rovers, 0 for Curiosity and Perseverance.
  package static func landingSol(rover: String) -> Int { Mission(name: rover)?.landingSol ?? 0 }

  /// The last sol given an Earth date: about the year 9800, past which a date is no longer `YYYY-MM-DD` (and the
  /// arithmetic would overflow well before `Int.max`).
  package static let maxSol = 2_800_000

  package static func earthDate(rover: String, sol: Int) -> CalendarDate? {
    guard let landing = landingDate(rover: rover), sol >= 0, sol <= maxSol else { return nil }
    let elapsed = sol - landingSol(rover: rover)
    // A MER sol 0 is the sol before landing: the day before, rather than no answer at all.
    guard elapsed >= 0 else { return landing.adding(days: -1) }
    return landing.adding(days: Int((Double(elapsed) * secondsPerSol / 86_400).rounded(.down)))
  }

  /// The sols whose Earth date is `date`: usually one; none for the odd date a sol skips over (then the sol that
  /// spans it), and none before landing.
  package static func sols(rover: String, on date: CalendarDate) -> [Int] {
    guard let landing = landingDate(rover: rover) else { return [] }
    let days = date.daysSinceEpoch - landing.daysSinceEpoch
    guard days >= 0 else { return [] }
    let first = landingSol(rover: rover)
    let estimate = Int((Double(days) * 86_400 / secondsPerSol).rounded(.down)) + first
    let candidates = max(first, estimate - 1)...(estimate + 1)
    let matches = candidates.filter { earthDate(rover: rover, sol: $0) == date }
    if !matches.isEmpty { return matches }
    return candidates.filter {
      (earthDate(rover: rover, sol: $0) ?? date) < date
    }.suffix(1)
  }

  /// The start of sol 0 in UTC (seconds since 1970) for the rovers whose feeds date photos by capture time
  /// (api-reference 7.5).
  static let solZero: [Mission: Double] = [
    // 2021-02-18T04:24:16Z
    .perseverance: 1_613_622_256,
    // 2012-08-05T13:52:34Z
    .curiosity: 1_344_174_754,
    // Perseverance's sols and clock (7.5)
    .ingenuity: 1_613_622_256,
    // 2018-11-26T05:10:51Z: the sol-190 record of 7.4 (LMST 16:22:28.916 at 2019-06-10T03:21:57.044Z); the
    // reference rounds it to about 05:11
    .insight: 1_543_209_051,
  ]

  /// Every sol whose span overlaps the UTC day `date` (usually two): where photos captured that day come from.
  /// Rovers without a known epoch fall back to the formula's sols and their neighbours.
  package static func captureSols(rover: String, on date: CalendarDate) -> [Int] {
    guard let zero = Mission(name: rover).flatMap({ solZero[$0] }) else {
      return sols(rover: rover, on: date).flatMap { [$0, $0 + 1] }.reduce(into: []) {
        if !$0.contains($1) { $0.append($1) }
      }
    }
    let dayStart = Double(date.daysSinceEpoch) * 86_400
    let first = Int(((dayStart - zero) / secondsPerSol).rounded(.down))
    let last = Int(((dayStart + 86_400 - zero - 0.001) / secondsPerSol).rounded(.down))
    guard last >= 0 else { return [] }
    return Array(max(0, first)...last)
  }
}
