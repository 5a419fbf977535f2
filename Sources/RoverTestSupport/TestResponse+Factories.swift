import Foundation

extension TestResponse {
  /// The content type the Rails and .NET services send with JSON.
  public static let jsonContentType = "application/json; charset=utf-8"

  public static func json(_ string: String, status: Int = 200, headers: TestHTTPHeaders = [:]) -> TestResponse {
    json(data: Data(string.utf8), status: status, headers: headers)
  }

  public static func json(data: Data, status: Int = 200, headers: TestHTTPHeaders = [:]) -> TestResponse {
    bytes(data, contentType: jsonContentType, status: status, headers: headers)
  }

  public static func text(_ string: String, status: Int = 200, headers: TestHTTPHeaders = [:]) -> TestResponse {
    bytes(Data(string.utf8), contentType: "text/plain; charset=utf-8", status: status, headers: headers)
  }

  public static func html(_ string: String, status: Int = 200, headers: TestHTTPHeaders = [:]) -> TestResponse {
    bytes(Data(string.utf8), contentType: "text/html; charset=utf-8", status: status, headers: headers)
  }

  public static func bytes(
    _ data: Data, contentType: String, status: Int = 200, headers: TestHTTPHeaders = [:]
  ) -> TestResponse {
    TestResponse(
      status: status, headers: headers.merging(["Content-Type": contentType]) { given, _ in given }, body: data)
  }

  /// A redirect with a small HTML body, as most servers send one.
  public static func redirect(to location: String, status: Int = 302) -> TestResponse {
    html("<html><body>You are being <a href=\"\(location)\">redirected</a>.</body></html>", status: status)
      .adding("Location", location)
  }

  public static func empty(status: Int = 204, headers: TestHTTPHeaders = [:]) -> TestResponse {
    TestResponse(status: status, headers: headers)
  }

  /// Hangs up without a response.
  public static var dropped: TestResponse {
    TestResponse(dropConnection: true)
  }

  /// A copy with the header `name` set to `value`.
  public func adding(_ name: String, _ value: String) -> TestResponse {
    var copy = self
    copy.headers[name] = value
    return copy
  }

  /// A copy that waits `seconds` before sending.
  public func delayed(by seconds: TimeInterval) -> TestResponse {
    var copy = self
    copy.delay += seconds
    return copy
  }
}
