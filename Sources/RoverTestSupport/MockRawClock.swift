import Foundation

/// Capture times on the feeds' clock (api-reference 7.5): sol 0 starts at the mission's epoch and a capture at local
/// mean solar time `lmst` of sol n happens at epoch + (n + lmst / 24 h) × 88,775.244 s. The mock's Ingenuity and
/// InSight records are dated this way, so an Earth-date query meets sols that straddle midnight UTC as the real
/// feeds make them.
enum MockRawClock {
  static let secondsPerSol = 88_775.244
  /// 2021-02-18T04:24:16Z: Perseverance's sol 0, and so Ingenuity's.
  static let perseveranceSolZero = 1_613_622_256.0
  /// 2018-11-26T05:10:51Z, from the captured sol-190 InSight record.
  static let insightSolZero = 1_543_209_051.0

  /// Seconds since 1970 of the capture at `lmst` seconds into `sol`.
  static func instant(solZero: Double, sol: Int, lmst: Double) -> Double {
    solZero + (Double(sol) + lmst / 86_400) * secondsPerSol
  }

  /// `2021-04-19T07:34:05.123` followed by `zone` (`""` as on `/rss/api/`, `"Z"` as on `raw_image_items`).
  static func timestamp(_ instant: Double, zone: String) -> String {
    let milliseconds = Int((instant * 1000).rounded(.down))
    let seconds = milliseconds / 1000
    let (year, month, day) = civil(days: seconds / 86_400)
    let time = seconds % 86_400
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d.%03d", year, month, day, time / 3600, time / 60 % 60, time % 60,
      milliseconds % 1000) + zone
  }

  /// `16:22:28.916`, InSight's `extended.localtime`.
  static func localTime(_ lmst: Double) -> String {
    let milliseconds = Int((lmst * 1000).rounded())
    let seconds = milliseconds / 1000
    return String(
      format: "%02d:%02d:%02d.%03d", seconds / 3600, seconds / 60 % 60, seconds % 60, milliseconds % 1000)
  }

  /// Days since 1970-01-01 as a proleptic Gregorian date (Howard Hinnant's `civil_from_days`), for days after 1970.
  private static func civil(days: Int) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = z / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shifted = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shifted + 2) / 5 + 1
    let month = shifted < 10 ? shifted + 3 : shifted - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
