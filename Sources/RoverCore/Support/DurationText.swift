import Foundation

/// Durations as people type them: `90s`, `10m`, `2h`, `7d`, `1w`, or plain seconds.
package enum DurationText {
  package static func parse(_ text: String) -> TimeInterval? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    guard let unit = trimmed.last else { return nil }
    let multipliers: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
    if let multiplier = multipliers[unit], let value = Double(trimmed.dropLast()), value >= 0, value.isFinite {
      return value * multiplier
    }
    if let value = Double(trimmed), value >= 0, value.isFinite { return value }
    return nil
  }

  /// A rough duration for messages; what no clock can measure (not finite, past a million years, negative) is
  /// said as such rather than converted, which would trap.
  package static func describe(_ seconds: TimeInterval) -> String {
    guard seconds.isFinite, seconds >= 0 else { return "an unknown time" }
    guard seconds < 3.2e13 else { return "ages" }
    switch seconds {
    case ..<120: return "\(Int(seconds))s"
    case ..<7_200: return "\(Int(seconds / 60))m"
    case ..<172_800: return "\(Int(seconds / 3_600))h"
    default: return "\(Int(seconds / 86_400))d"
    }
  }
}

/// Sizes as people type them: `200MB`, `1.5GB`, `500k`, or plain bytes.
package enum ByteCountText {
  package static func parse(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "ib", with: "b")
    let units: [(String, Double)] = [
      ("gb", 1e9), ("mb", 1e6), ("kb", 1e3), ("g", 1e9), ("m", 1e6), ("k", 1e3), ("b", 1),
    ]
    for (suffix, multiplier) in units where trimmed.hasSuffix(suffix) {
      // `Int(exactly:)` after the multiplication: `1e19b` is no size, and converting it would trap.
      guard let value = Double(trimmed.dropLast(suffix.count)), value >= 0, value.isFinite else { return nil }
      return Int(exactly: (value * multiplier).rounded(.down))
    }
    return Int(trimmed).flatMap { $0 >= 0 ? $0 : nil }
  }
}
