import Foundation

/// The request handler behind a mock service: injected faults first, then the mock's own routes. Written once here
/// for `MockRouter`, `MockRawRouter` and `MockPDSRouter`.
///
/// Separate from the mock itself because the server's handler must exist before the server does, and holding the
/// router (not the mock) keeps the server from owning its owner.
protocol MockRouting: Sendable {
  var faults: MockFaults { get }
  /// `http://127.0.0.1:<port>`, known only once the server is listening: the host of the URLs the mock reports.
  var base: Locked<String> { get }
  /// The answer when no fault replaces it.
  func route(_ request: TestRequest) -> TestResponse
}

extension MockRouting {
  func respond(to request: TestRequest) -> TestResponse {
    let fault = faults.queue.withLock { $0.consume(for: request) }
    guard let fault else { return route(request) }
    return fault.response(replacing: route(request))
  }

  /// A server answering through this router, listening before it returns, its address told to the router.
  func serve() throws -> TestHTTPServer {
    let server = try TestHTTPServer { respond(to: $0) }
    let address = server.baseURL.absoluteString
    base.withLock { $0 = address }
    return server
  }
}
