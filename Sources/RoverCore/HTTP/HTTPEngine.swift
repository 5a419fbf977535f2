/// Sends one request and returns one response: no redirects followed, no retries. `HTTPClient` adds those, the
/// same way for both engines (URLSession for API answers, libcurl for image files).
public protocol HTTPEngine: Sendable {
  /// Throws `HTTPError` for transport failures, `CancellationError` when the task is cancelled.
  func perform(_ request: HTTPRequest) async throws -> HTTPResponse
}
