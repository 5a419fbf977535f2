import Foundation

/// Mars Vista's v1 "NASA-compatible" layer (api-reference 3): header key, hourly limit headers, always paged.
extension MockRouter {
  func marsVistaResponse(for request: TestRequest, segments: [String]) -> TestResponse {
    if let apiKey {
      let sent = request.header("X-API-Key") ?? ""
      guard !sent.isEmpty else {
        return .json(
          #"{"error":"Unauthorized","message":"API key required. Provide via X-API-Key header."}"#, status: 401)
      }
      guard sent == apiKey else {
        return .json(#"{"error":"Unauthorized","message":"Invalid API key"}"#, status: 401)
      }
    }
    let used = rateLimitUsed.withLock { used -> Int in
      used += 1
      return used
    }
    let resetAt = (Int(Date().timeIntervalSince1970) / 3600 + 1) * 3600
    let headers: TestHTTPHeaders = [
      "X-RateLimit-Limit-Hour": String(rateLimit),
      "X-RateLimit-Remaining-Hour": String(max(0, rateLimit - used)),
      "X-RateLimit-Reset-Hour": String(resetAt),
    ]
    guard used <= rateLimit else {
      let body =
        #"{"error":"Too Many Requests","message":"Rate limit exceeded. Upgrade to Pro for higher limits.","#
        + #""hourlyLimit":\#(rateLimit),"hourlyRemaining":0,"hourlyResetAt":\#(resetAt)}"#
      return .json(body, status: 429, headers: headers)
    }
    var response = routeResponse(for: request, segments: segments)
    response.headers.merge(headers) { _, new in new }
    return response
  }
}
