/// A calendar date without time or zone, with the day arithmetic the services use.
///
/// Done by hand (Howard Hinnant's days-from-civil) rather than with `Calendar`, so that expectations in tests cannot
/// shift with the machine's time zone, and so the earth-date formula is computed independently of RoverCore's.
struct CivilDate: Equatable, Comparable, CustomStringConvertible {
  let year: Int
  let month: Int
  let day: Int

  init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Strict `YYYY-MM-DD`, as Mars Vista and a careful client require.
  init?(strict text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2 else { return nil }
    self.init(parts: parts)
  }

  /// Ruby's `Date.strptime(text, "%Y-%m-%d")`: one or two digits for month and day (`2015-6-3`), nothing after.
  init?(lenient text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, (1...5).contains(parts[0].count), (1...2).contains(parts[1].count),
      (1...2).contains(parts[2].count)
    else { return nil }
    self.init(parts: parts)
  }

  private init?(parts: [Substring]) {
    guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  private init(daysSinceEpoch days: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    self.year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    self.month = month
    self.day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
  }

  /// Days since 1970-01-01.
  var daysSinceEpoch: Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  func adding(days: Int) -> CivilDate {
    CivilDate(daysSinceEpoch: daysSinceEpoch + days)
  }

  var description: String {
    let yearText = String(year)
    let paddedYear = String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
    return "\(paddedYear)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
  }

  static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
    lhs.daysSinceEpoch < rhs.daysSinceEpoch
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool {
    isASCII && isNumber
  }
}
