import Foundation

/// How often and how patiently to retry transient failures (429, 5xx, dropped connections).
public struct RetryPolicy: Hashable, Sendable {
  /// Retries after the first attempt (0: none), so a request is sent at most `maxRetries + 1` times.
  public var maxRetries: Int
  /// Seconds before the first retry; each later one waits twice as long, with jitter (50–100% of the delay).
  public var baseDelay: TimeInterval
  /// Seconds no computed delay exceeds, however many retries came before.
  public var maxDelay: TimeInterval
  /// A `Retry-After` longer than this fails at once: waiting an hour silently is worse than saying so.
  public var maxRetryAfter: TimeInterval

  /// A policy from its parts; negative counts and delays are taken as 0.
  /// - Parameters:
  ///   - maxRetries: retries after the first attempt.
  ///   - baseDelay: seconds before the first retry, doubled for each later one.
  ///   - maxDelay: seconds no computed delay exceeds.
  ///   - maxRetryAfter: the longest `Retry-After`, in seconds, worth waiting for.
  public init(
    maxRetries: Int = 3, baseDelay: TimeInterval = 0.5, maxDelay: TimeInterval = 30, maxRetryAfter: TimeInterval = 120
  ) {
    self.maxRetries = max(0, maxRetries)
    self.baseDelay = max(0, baseDelay)
    self.maxDelay = max(0, maxDelay)
    self.maxRetryAfter = maxRetryAfter
  }

  /// The pause before retry number `attempt` (from 1), or nil when the caller should give up.
  package func delay(
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
  package static func parseRetryAfter(_ value: String?, now: Date = Date()) -> TimeInterval? {
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
