/// Earth and Mars time for the raw feeds, in whole milliseconds so every derived string is the same on every run.
///
/// Each rover's clock is anchored on one record of api-reference 4 (UTC, sol and local mean solar time, spacecraft
/// clock) and runs at 1.0274912 Earth seconds per Mars second from there.
struct MockRawClock {
  /// Earth seconds per Mars second (a sol is 88,775.244 s).
  static let ratio = 1.027_491_2

  /// Perseverance sol 100, the reference's NAVCAM_LEFT record: 2021-06-01T14:14:37.984 is LMST 15:26:09.623.
  static let perseverance = MockRawClock(
    anchorUTC: 1_622_556_877_984, anchorSol: 100, anchorLMST: 55_569_623, anchorSCLK: 675_828_717_752)
  /// Curiosity sol 4681, the NAV_LEFT_B fixture item: 2025-10-06T20:11:15Z is LMST 13:29:26.032.
  static let curiosity = MockRawClock(
    anchorUTC: 1_759_781_475_000, anchorSol: 4681, anchorLMST: 48_566_032, anchorSCLK: 813_049_077_652)

  static let millisecondsPerDay = 86_400_000

  let anchorUTC: Int
  let anchorSol: Int
  let anchorLMST: Int
  let anchorSCLK: Int

  /// The UTC instant (ms since 1970) of `lmst` (ms into the sol) on `sol`.
  func utc(sol: Int, lmst: Int) -> Int {
    let marsOffset = (sol - anchorSol) * Self.millisecondsPerDay + lmst - anchorLMST
    return anchorUTC + Int((Double(marsOffset) * Self.ratio).rounded())
  }

  /// The Mars sol and local mean solar time (ms into the sol) at a UTC instant.
  func marsTime(utc: Int) -> (sol: Int, lmst: Int) {
    let marsOffset = Int((Double(utc - anchorUTC) / Self.ratio).rounded())
    let total = anchorSol * Self.millisecondsPerDay + anchorLMST + marsOffset
    let sol = Self.floorDivide(total, Self.millisecondsPerDay)
    return (sol, total - sol * Self.millisecondsPerDay)
  }

  /// The spacecraft clock (ms) at a UTC instant.
  func sclk(utc: Int) -> Int {
    anchorSCLK + utc - anchorUTC
  }

  /// `Sol-00100M15:26:09.623`, the feeds' `date_taken_mars` and `lmst`.
  static func lmstText(sol: Int, lmst: Int) -> String {
    "Sol-\(padded(sol, 5))M\(timeText(lmst, fraction: true))"
  }

  /// `2021-06-01T14:14:37.984` (`fraction`), `…Z` with `zulu`.
  static func isoText(_ utc: Int, fraction: Bool = true, zulu: Bool = false) -> String {
    let days = floorDivide(utc, millisecondsPerDay)
    let date = CivilDate(year: 1970, month: 1, day: 1)?.adding(days: days).description ?? "1970-01-01"
    return date + "T" + timeText(utc - days * millisecondsPerDay, fraction: fraction) + (zulu ? "Z" : "")
  }

  /// Parses `YYYY-MM-DDTHH:MM:SS`, with or without a fraction and a `Z`, into ms since 1970.
  static func milliseconds(fromISO text: String) -> Int? {
    var body = Substring(text)
    if body.hasSuffix("Z") {
      body = body.dropLast()
    }
    let halves = body.split(separator: "T", omittingEmptySubsequences: false)
    guard halves.count == 2, let date = CivilDate(strict: String(halves[0])) else { return nil }
    let fields = halves[1].split(separator: ":", omittingEmptySubsequences: false)
    guard fields.count == 3, let hours = Int(fields[0]), let minutes = Int(fields[1]) else { return nil }
    let secondParts = fields[2].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let seconds = Int(secondParts[0]) else { return nil }
    var milliseconds = 0
    if secondParts.count == 2 {
      let digits = String(secondParts[1].prefix(3))
      guard let value = Int(digits + String(repeating: "0", count: 3 - digits.count)) else { return nil }
      milliseconds = value
    }
    let secondsOfDay = hours * 3600 + minutes * 60 + seconds
    return (date.daysSinceEpoch * 86_400 + secondsOfDay) * 1000 + milliseconds
  }

  /// `seconds.milliseconds`, e.g. `675828717.752`, for `sclk` strings and Curiosity's numeric `spacecraft_clock`.
  static func decimalSeconds(_ milliseconds: Int) -> String {
    "\(floorDivide(milliseconds, 1000)).\(padded(milliseconds - floorDivide(milliseconds, 1000) * 1000, 3))"
  }

  /// `HH:MM:SS.mmm` or `HH:MM:SS` for ms into a day.
  static func timeText(_ milliseconds: Int, fraction: Bool) -> String {
    let seconds = milliseconds / 1000
    let clock = "\(padded(seconds / 3600, 2)):\(padded(seconds / 60 % 60, 2)):\(padded(seconds % 60, 2))"
    return fraction ? clock + "." + padded(milliseconds % 1000, 3) : clock
  }

  static func padded(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }

  static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
  }
}
