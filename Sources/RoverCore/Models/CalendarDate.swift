import Foundation

/// A calendar day with no time zone, so that `2015-05-30` never turns into the 29th west of Greenwich.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The year, 1 to 9999.
  public let year: Int
  /// The month, 1 (January) to 12.
  public let month: Int
  /// The day of the month, from 1; always a day the month has.
  public let day: Int

  /// Builds a date only when it exists on the proleptic Gregorian calendar.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
      day <= CalendarDate.daysInMonth(year: year, month: month)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses user input strictly: exactly `YYYY-MM-DD`, and a real day.
  public init?(strict text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// Parses what services send: `YYYY-M-D` with or without zero padding, or the date part of an ISO timestamp.
  public init?(lenient text: String) {
    // Byte by byte, in locals: every photo decoded carries a date; Character-wise splitting costs several times
    // more, and arrays for the three fields cost two allocations a photo.
    var value = 0
    var digits = 0
    var done: (year: Int, month: Int) = (0, 0)
    var field = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "T") || byte == UInt8(ascii: " ") { break }
      if byte == UInt8(ascii: "-") {
        guard field < 2, digits > 0 else { return nil }
        if field == 0 { done.year = value } else { done.month = value }
        field += 1
        (value, digits) = (0, 0)
        continue
      }
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 4 else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      digits += 1
    }
    guard field == 2, digits > 0 else { return nil }
    self.init(year: done.year, month: done.month, day: value)
  }

  /// Zero-padded by hand: `String(format:)` goes through Foundation's formatter, and every photo printed,
  /// named or encoded asks for its date.
  public var description: String {
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(abs(value))
      return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
  }

  /// Days since 1970-01-01, so that sol arithmetic is plain integer arithmetic.
  public var daysSinceEpoch: Int {
    // Howard Hinnant's days_from_civil.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The inverse of `daysSinceEpoch`.
  public init(daysSinceEpoch days: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    self.year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    self.month = month
    self.day = day
  }

  /// The date `days` days later (earlier when negative): plain day arithmetic, no time zone to cross.
  public func adding(days: Int) -> CalendarDate {
    CalendarDate(daysSinceEpoch: daysSinceEpoch + days)
  }

  /// Today's date in UTC, the frame the services use for `earth_date`.
  public static func today(now: Date = Date()) -> CalendarDate {
    CalendarDate(daysSinceEpoch: Int((now.timeIntervalSince1970 / 86_400).rounded(.down)))
  }

  /// Earlier dates sort first.
  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  private static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

extension CalendarDate: Codable {
  /// Reads a JSON string leniently, as ``init(lenient:)`` does: services pad differently and some add a time.
  /// - Throws: `DecodingError` when the value is not a string or not a real date.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let date = CalendarDate(lenient: text) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a YYYY-MM-DD date: \(text)")
    }
    self = date
  }

  /// Writes `YYYY-MM-DD`, zero-padded, the form every service accepts back.
  /// - Throws: what the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
