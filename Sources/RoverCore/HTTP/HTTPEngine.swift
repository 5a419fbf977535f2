/// Sends one request and returns one response: no redirects followed, no retries. `HTTPClient` adds those, the
/// same way whatever the engine (`HTTPEngines` chooses: libcurl on Linux, URLSession elsewhere).
package protocol HTTPEngine: Sendable {
  /// Throws `HTTPError` for transport failures, `CancellationError` when the task is cancelled.
  func perform(_ request: HTTPRequest) async throws -> HTTPResponse
}
