import Foundation

/// The feeds' failures: no keys and no error bodies to read, so statuses only. A 403 is retried with back-off like
/// a 429: the feeds need no key, and the Perseverance feed answers 403 when asked too much at once.
struct RawFeedClassifier: Sendable {
  let redactor: Redactor

  func verdict(_ response: HTTPResponse) -> HTTPVerdict {
    let url = redactor.redact(response.url)
    let retryAfter = RetryPolicy.parseRetryAfter(response.header("retry-after"))
    switch response.status {
    case 200..<300, 304: return .accept
    case 404: return .fail(ServiceError.notFound(url: url))
    case 403, 429:
      return .retry(
        ServiceError.rateLimited(
          retryAfter: retryAfter.map { Int($0.rounded(.up)) },
          message: "\(response.url.host ?? "the feed") (HTTP \(response.status))"),
        retryAfter: retryAfter)
    case 500..<600: return .retry(ServiceError.serverError(status: response.status, url: url), retryAfter: retryAfter)
    default: return .fail(ServiceError.unexpectedStatus(status: response.status, url: url, message: ""))
    }
  }
}
