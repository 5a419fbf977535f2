import Foundation

/// What the library reports while it works. It never prints: the CLI decides what a user sees.
///
/// New cases may come in a minor version (Swift on Linux builds RoverCore without library evolution, so the enum
/// cannot be marked non-frozen): switch over the cases you act on and end with `default:`.
public enum ClientEvent: Sendable {
  /// A request is about to be sent (API key redacted from `url`), one per redirect hop; a cached answer sends none.
  case request(url: String)
  /// An answer with `status` arrived, `seconds` (wall clock) after its request was sent.
  case response(url: String, status: Int, seconds: TimeInterval)
  /// An answer came from the response cache without a request: `what` names it ("the curiosity manifest"), `age`
  /// is the seconds since it was stored. A verbose log says so, or a run that sent nothing would look like a hang
  /// or a lie.
  case cached(what: String, age: TimeInterval)
  /// A failed request will be sent again after `delay` seconds; `attempt` counts retries from 1, `cause` is what
  /// failed (an ``HTTPError`` such as a timeout or a dropped connection, a ``ServiceError`` for a status).
  case retrying(url: String, attempt: Int, delay: TimeInterval, cause: any Error)
  /// The service's rate-limit headers say few requests are left (`remaining` of `limit` in its window).
  case rateLimitLow(remaining: Int, limit: Int?)
  /// Steps of a long listing done so far (pages, or the sols a raw feed is asked one by one), of `total` where
  /// known.
  case progress(done: Int, total: Int?)
  /// Something the user should know that is not an error, as data (a sol listed short of its count, a service
  /// that fell back to the next, a stale cached answer used because the service is down): see ``Notice``.
  case warning(Notice)
  /// Why `service` failed (`cause`: its ``HTTPError`` or ``ServiceError``), when no service of `--service auto`'s
  /// chain answered at all: the error sums them up in one line, and these are the details behind it, one per
  /// service and request, for a verbose log.
  case serviceFailed(service: String, cause: any Error)
}

/// A sink for ``ClientEvent``s, called from the library's tasks as things happen: keep it quick, and hand the
/// event to your own actor or queue for anything slow.
public typealias ClientEventHandler = @Sendable (ClientEvent) -> Void

extension PhotoService {
  /// Pages-done progress for a pager, when anyone listens.
  func progressHandler(_ events: ClientEventHandler?) -> (@Sendable (Int, Int) -> Void)? {
    guard let events else { return nil }
    return { done, total in events(.progress(done: done, total: total)) }
  }

  func warningHandler(_ events: ClientEventHandler?) -> (@Sendable (Notice) -> Void)? {
    guard let events else { return nil }
    return { events(.warning($0)) }
  }
}
