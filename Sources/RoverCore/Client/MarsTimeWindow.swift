/// A time-of-day window on Mars, in local solar time; it may wrap past midnight (`22:00..02:00`).
public struct MarsTimeWindow: Sendable, Hashable {
  /// Seconds after local midnight where the window opens.
  public var start: Double
  /// Seconds after local midnight where it closes (inclusive); less than `start` when it wraps past midnight.
  public var end: Double

  /// - Parameters: start and end in seconds after local midnight, each in 0..<86 400.
  public init(start: Double, end: Double) {
    self.start = start
    self.end = end
  }

  /// Reads `HH:MM..HH:MM` (seconds optional: `HH:MM:SS`); nil for anything else or a time past 24:00.
  public init?(parsing text: String) {
    let parts = text.components(separatedBy: "..")
    guard parts.count == 2, let start = Self.seconds(parts[0]), let end = Self.seconds(parts[1]) else { return nil }
    self.init(start: start, end: end)
  }

  /// Whether a time of day (seconds after local midnight) falls inside.
  public func contains(seconds: Double) -> Bool {
    start <= end ? (start...end).contains(seconds) : seconds >= start || seconds <= end
  }

  /// `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fff` as seconds after midnight.
  static func seconds(_ text: String) -> Double? {
    let fields = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(fields.count), fields[0].count == 2, fields[1].count == 2,
      let hours = Int(fields[0]), let minutes = Int(fields[1]), (0...24).contains(hours), (0..<60).contains(minutes)
    else { return nil }
    var seconds = 0.0
    if fields.count == 3 {
      guard let value = Double(fields[2]), value.isFinite, value >= 0, value < 61 else { return nil }
      seconds = value
    }
    let total = Double(hours * 3600 + minutes * 60) + seconds
    return total <= 86_400 ? total : nil
  }
}
