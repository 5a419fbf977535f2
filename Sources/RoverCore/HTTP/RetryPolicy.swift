import Foundation

/// How often and how patiently to retry transient failures (429, 5xx, dropped connections).
public struct RetryPolicy: Hashable, Sendable {
  public var maxRetries: Int
  public var baseDelay: TimeInterval
  public var maxDelay: TimeInterval
  /// A `Retry-After` longer than this fails at once: waiting an hour silently is worse than saying so.
  public var maxRetryAfter: TimeInterval

  public init(
    maxRetries: Int = 3, baseDelay: TimeInterval = 0.5, maxDelay: TimeInterval = 30, maxRetryAfter: TimeInterval = 120
  ) {
    self.maxRetries = max(0, maxRetries)
    self.baseDelay = max(0, baseDelay)
    self.maxDelay = max(0, maxDelay)
    self.maxRetryAfter = maxRetryAfter
  }

  /// The pause before retry number `attempt` (from 1), or nil when the caller should give up.
  public func delay(
    beforeRetry attempt: Int, retryAfter: TimeInterval?,
    random: (ClosedRange<Double>) -> Double = {
      Double.random(in: $0)
    }
  ) -> TimeInterval? {
    guard attempt <= maxRetries else { return nil }
    if let retryAfter {
      return retryAfter <= maxRetryAfter ? max(0, retryAfter) : nil
    }
    let exponential = min(maxDelay, baseDelay * pow(2, Double(attempt - 1)))
    // Jitter spreads out many clients (or many of our own tasks) that failed at the same moment.
    return exponential * random(0.5...1.0)
  }

  /// Reads `Retry-After` as delay-seconds or as an HTTP date.
  public static func parseRetryAfter(_ value: String?, now: Date = Date()) -> TimeInterval? {
    guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
    if let seconds = Double(value) { return max(0, seconds) }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: value) else { return nil }
    return max(0, date.timeIntervalSince(now))
  }
}
