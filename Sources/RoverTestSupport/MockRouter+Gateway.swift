/// api.nasa.gov's gateway in front of the original (api-reference 1.9): the key and the hourly count.
extension MockRouter {
  static let missingKeyBody =
    #"{"error":{"code":"API_KEY_MISSING","message":"No api_key was supplied. Get one at https://api.nasa.gov:443"}}"#
  static let invalidKeyBody =
    #"{"error":{"code":"API_KEY_INVALID","message":"An invalid api_key was supplied. "#
    + #"Get one at https://api.nasa.gov:443"}}"#

  /// Checks `api_key` (any non-empty key passes when the mock has none), counts the request, and adds
  /// `X-RateLimit-Limit`/`-Remaining`. Once `rateLimit` requests have passed, the next get 429 `OVER_RATE_LIMIT`.
  func gatewayResponse(for request: TestRequest, upstream: () -> TestResponse) -> TestResponse {
    let key = request.query("api_key") ?? ""
    guard !key.isEmpty else { return .json(Self.missingKeyBody, status: 403) }
    if let apiKey, key != apiKey {
      return .json(Self.invalidKeyBody, status: 403)
    }
    let (allowed, used) = rateLimitUsed.withLock { used -> (Bool, Int) in
      guard used < rateLimit else { return (false, used) }
      used += 1
      return (true, used)
    }
    var response = allowed ? upstream() : .json(MockFault.overRateLimitBody, status: 429)
    response.headers["X-RateLimit-Limit"] = String(rateLimit)
    response.headers["X-RateLimit-Remaining"] = String(max(0, rateLimit - used))
    return response
  }
}
