/// Sends one request and returns one response: no redirects followed, no retries. `HTTPClient` adds those, the
/// same way whatever the engine (`HTTPEngines` chooses: libcurl on Linux, URLSession elsewhere).
package protocol HTTPEngine: Sendable {
  /// Throws `HTTPError` for transport failures, `CancellationError` when the task is cancelled.
  func perform(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// Bounds both engines keep alike.
enum TransferBounds {
  /// An image transfer, however slow a `--limit-rate` lets it run, ends after this many times `--timeout`: the stall
  /// limit alone would let a trickle at the allowed rate run for hours.
  static let wholeTransferTimeouts = 60
}
