import Foundation

/// A way for the mock to misbehave on purpose, consumed by matching requests before normal handling.
///
/// Each case is a failure a real client meets: rate limits, a dead proxy, a body cut short, an HTML page where an
/// image should be. `.delay` and `.truncated` alter the normal response instead of replacing it.
public enum MockFault: Sendable {
  /// Any status and body.
  case status(Int, body: String, contentType: String = TestResponse.jsonContentType, headers: TestHTTPHeaders = [:])
  /// 429 with Mars Vista's per-IP limiter body, and `Retry-After` when given.
  case tooManyRequests(retryAfter: Int? = nil)
  /// 500 with Rails' JSON body `{"status":500,"error":"Internal Server Error"}`.
  case serverError
  /// 500 with an empty body, as Rails sends when JSON was not accepted.
  case emptyServerError
  /// 502 with nginx's HTML page: a proxy in front of the service failed.
  case badGateway
  /// 200, JSON content type, body cut mid-object: `{"photos":[{"id":`.
  case malformedJSON
  /// 200 with valid JSON of the wrong shape: `{"hello":"world"}`.
  case unexpectedJSON
  /// api.data.gov's `OVER_RATE_LIMIT` body with any status (some gateways send it with 200).
  case overRateLimitBody(status: Int = 429)
  /// Waits, then answers normally.
  case delay(TimeInterval)
  /// Hangs up without answering. URLSession (libcurl) silently resends a request whose kept-alive connection hangs
  /// up, so to reach the client this must hit a fresh connection or be injected `times: 2`.
  case dropConnection
  /// The normal response, with its full `Content-Length` but only `after` body bytes, then a hang-up.
  case truncated(after: Int)
  /// An HTML page, like the science.nasa.gov page that dead Spirit and Opportunity image links lead to.
  case html(status: Int = 200)
  /// A redirect to `location`.
  case redirect(to: String, status: Int = 302)
  /// 404 with Rails' JSON body `{"status":404,"error":"Not Found"}`.
  case notFound
}
