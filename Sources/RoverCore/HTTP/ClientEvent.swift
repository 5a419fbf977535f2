import Foundation

/// What the library reports while it works. It never prints: the CLI decides what a user sees.
public enum ClientEvent: Sendable {
  case request(url: String)
  case response(url: String, status: Int, seconds: TimeInterval)
  case retrying(url: String, attempt: Int, delay: TimeInterval, reason: String)
  case rateLimitLow(remaining: Int, limit: Int?)
  case progress(done: Int, total: Int?)
  case warning(String)
}

/// A sink for `ClientEvent`s.
public typealias ClientEventHandler = @Sendable (ClientEvent) -> Void

extension PhotoService {
  /// Pages-done progress for a pager, when anyone listens.
  func progressHandler(_ events: ClientEventHandler?) -> (@Sendable (Int, Int) -> Void)? {
    guard let events else { return nil }
    return { done, total in events(.progress(done: done, total: total)) }
  }

  func warningHandler(_ events: ClientEventHandler?) -> (@Sendable (String) -> Void)? {
    guard let events else { return nil }
    return { events(.warning($0)) }
  }
}
