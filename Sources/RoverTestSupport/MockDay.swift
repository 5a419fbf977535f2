import Foundation

/// A calendar day, with the parsing and day arithmetic the services use.
///
/// Computed in UTC with Foundation's Gregorian calendar, so expectations cannot shift with the machine's time zone,
/// and apart from RoverCore's own date code, so the earth-date formula is checked independently.
struct MockDay: Equatable, CustomStringConvertible {
  private static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    return calendar
  }()

  let year: Int
  let month: Int
  let day: Int

  /// Strict `YYYY-MM-DD`, as Mars Vista and a careful client require; `lenient` reads it as Ruby's
  /// `Date.strptime(text, "%Y-%m-%d")` does: one or two digits for month and day (`2015-6-3`), nothing after.
  init?(_ text: String, lenient: Bool = false) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    let widths = lenient ? [1...5, 1...2, 1...2] : [4...4, 2...2, 2...2]
    guard parts.count == 3,
      zip(parts, widths).allSatisfy({ part, width in
        width.contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber }
      }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      DateComponents(calendar: Self.calendar, year: year, month: month, day: day).isValidDate
    else { return nil }
    (self.year, self.month, self.day) = (year, month, day)
  }

  private init(_ components: DateComponents) {
    (year, month, day) = (components.year ?? 0, components.month ?? 0, components.day ?? 0)
  }

  func adding(days: Int) -> MockDay {
    let date = Self.calendar.date(from: DateComponents(year: year, month: month, day: day + days)) ?? Date()
    return MockDay(Self.calendar.dateComponents([.year, .month, .day], from: date))
  }

  var description: String {
    String(format: "%04d-%02d-%02d", year, month, day)
  }
}
