import Foundation

/// Reads an API-compatible service's answer: which statuses and bodies mean which error, and which are worth a
/// retry. Kept apart from the transport because each service family signals errors differently.
struct APIResponseClassifier: Sendable {
  let endpoint: APIEndpoint
  let serviceName: String
  let redactor: Redactor
  let events: ClientEventHandler?

  func verdict(_ response: HTTPResponse) -> HTTPVerdict {
    reportRateLimit(response)
    let body = ServiceErrorBody.parse(response.body)
    let url = redactor.redact(response.url)
    let retryAfter =
      RetryPolicy.parseRetryAfter(response.header("retry-after")) ?? body?.retryAfter.map(TimeInterval.init)
    // The api.data.gov gateway has answered OVER_RATE_LIMIT with 200 too: the body wins over the status.
    if body?.isOverRateLimit == true {
      return .retry(rateLimited(retryAfter, body, host: response.url.host), retryAfter: retryAfter)
    }
    switch response.status {
    case 200..<300, 304:
      return .accept
    case 400 where body?.errors != nil && endpoint.roverName != nil:
      return .fail(ServiceError.unknownRover(name: endpoint.roverName ?? ""))
    case 401, 403:
      return .fail(
        ServiceError.unauthorized(
          service: serviceName, message: redactor.redact(body?.text ?? "HTTP \(response.status)")))
    case 404:
      return .fail(notFound(url: url, body: body))
    case 429:
      return .retry(rateLimited(retryAfter, body, host: response.url.host), retryAfter: retryAfter)
    case 500..<600:
      return .retry(ServiceError.serverError(status: response.status, url: url), retryAfter: retryAfter)
    default:
      return .fail(
        ServiceError.unexpectedStatus(status: response.status, url: url, message: redactor.redact(body?.text ?? "")))
    }
  }

  /// Mars Vista answers an unknown rover with 404 `Rover 'x' not found`; the original's 404 (`Not Found`) means a
  /// wrong route, most often a wrong base URL.
  private func notFound(url: String, body: ServiceErrorBody?) -> ServiceError {
    let mentionsRover = body?.text.lowercased().contains("rover") ?? false
    switch endpoint {
    case .photo(let id): return .photoNotFound(id: id.description)
    case .rover(let name), .manifest(let name), .photos(let name, _, _, _, _):
      return mentionsRover ? .unknownRover(name: name) : .notFound(url: url)
    case .rovers: return .notFound(url: url)
    }
  }

  private func rateLimited(_ retryAfter: TimeInterval?, _ body: ServiceErrorBody?, host: String?) -> ServiceError {
    .rateLimited(
      retryAfter: retryAfter.map { Int($0.rounded(.up)) },
      message: "\(host ?? serviceName) (\(redactor.redact(body?.text ?? "HTTP 429")))")
  }

  /// Warns once remaining requests drop to a tenth of the limit (or 5), from either family of headers.
  private func reportRateLimit(_ response: HTTPResponse) {
    guard let events else { return }
    let remaining = response.header("x-ratelimit-remaining") ?? response.header("x-ratelimit-remaining-hour")
    guard let remaining = remaining.flatMap({ Int($0) }) else { return }
    let limit = (response.header("x-ratelimit-limit") ?? response.header("x-ratelimit-limit-hour")).flatMap { Int($0) }
    if remaining <= max(5, (limit ?? 0) / 10) {
      events(.rateLimitLow(remaining: remaining, limit: limit))
    }
  }
}
