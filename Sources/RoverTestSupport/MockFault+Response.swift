import Foundation

extension MockFault {
  static let serverErrorBody = #"{"status":500,"error":"Internal Server Error"}"#
  static let notFoundBody = #"{"status":404,"error":"Not Found"}"#
  static let overRateLimitBody =
    #"{"error":{"code":"OVER_RATE_LIMIT","message":"You have exceeded your rate limit. Try again later or "#
    + #"contact us at https://api.nasa.gov:443/contact/ for assistance"}}"#
  static let badGatewayPage =
    "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n"
    + "<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
  static let htmlPage = """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8"><title>Mars Resources - NASA Science</title></head>
    <body><h1>Mars Resources</h1><p>The page you requested has moved.</p></body></html>

    """

  /// The response that replaces the normal one, given the normal one (used by `.delay` and `.truncated`).
  func response(replacing normal: @autoclosure () -> TestResponse) -> TestResponse {
    switch self {
    case .status(let status, let body, let contentType, let headers):
      return .bytes(Data(body.utf8), contentType: contentType, status: status, headers: headers)
    case .tooManyRequests(let retryAfter):
      var body =
        #"{"error":"Too Many Requests","message":"Rate limit exceeded. "#
        + #"Maximum 100 requests per minute per IP address.""#
      var headers: TestHTTPHeaders = [:]
      if let retryAfter {
        body += #","retryAfter":\#(retryAfter)"#
        headers["Retry-After"] = String(retryAfter)
      }
      return .json(body + "}", status: 429, headers: headers)
    case .serverError:
      return .json(Self.serverErrorBody, status: 500)
    case .emptyServerError:
      return .empty(status: 500)
    case .badGateway:
      return .html(Self.badGatewayPage, status: 502)
    case .malformedJSON:
      return .json(#"{"photos":[{"id":"#)
    case .unexpectedJSON:
      return .json(#"{"hello":"world"}"#)
    case .overRateLimitBody(let status):
      return .json(Self.overRateLimitBody, status: status)
    case .delay(let seconds):
      return normal().delayed(by: seconds)
    case .dropConnection:
      return .dropped
    case .truncated(let count):
      var response = normal()
      response.truncateAfter = count
      return response
    case .html(let status):
      return .html(Self.htmlPage, status: status)
    case .redirect(let location, let status):
      return .redirect(to: location, status: status)
    case .notFound:
      return .json(Self.notFoundBody, status: 404)
    }
  }
}
