import Foundation

/// A real HTTP/1.1 server on 127.0.0.1 with a kernel-chosen port, for tests that must exercise URLSession against
/// an actual socket: keep-alive, concurrency limits, short bodies and hang-ups cannot be faked with a URLProtocol.
///
/// Every request is logged and counted, so a test can prove caching or de-duplication by what reached the server.
/// Call `stop()` in a `defer`; `deinit` stops it too.
public final class TestHTTPServer: Sendable {
  public let port: Int
  private let engine: HTTPServerEngine

  /// Binds, listens and starts accepting at once. The handler runs on the connection's own thread.
  public init(handler: @escaping @Sendable (TestRequest) -> TestResponse) throws {
    engine = try HTTPServerEngine(handler: handler)
    port = engine.port
    engine.start()
  }

  deinit {
    engine.stop()
  }

  /// `http://127.0.0.1:<port>`, no trailing slash.
  public var baseURL: URL {
    URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
  }

  /// `baseURL` followed by `pathAndQuery`, e.g. `url("/api/v1/rovers?x=1")`.
  public func url(_ pathAndQuery: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)") ?? baseURL
  }

  /// Closes the listener and every open connection, interrupting delays; waits until connections are closed.
  /// Safe to call more than once.
  public func stop() {
    engine.stop()
  }

  /// Every request received since the start or the last `resetLog()`, in arrival order.
  public var requests: [TestRequest] {
    engine.state.withLock { $0.requests }
  }

  public var requestCount: Int {
    engine.state.withLock { $0.requests.count }
  }

  public func requestCount(where predicate: (TestRequest) -> Bool) -> Int {
    requests.filter(predicate).count
  }

  /// Counts requests whose decoded path starts with `pathPrefix`.
  public func requestCount(pathPrefix: String) -> Int {
    requestCount { $0.path.hasPrefix(pathPrefix) }
  }

  /// Clears the request log and restarts `maxConcurrentRequests` from the requests in flight now, so a test can
  /// warm up and then measure.
  public func resetLog() {
    engine.state.withLock { state in
      state.requests.removeAll()
      state.maxConcurrentRequests = state.activeRequests
    }
  }

  /// The most requests in flight at once: from a request's head being parsed until its response was fully sent.
  public var maxConcurrentRequests: Int {
    engine.state.withLock { $0.maxConcurrentRequests }
  }

  /// Requests being handled right now.
  public var activeRequests: Int {
    engine.state.withLock { $0.activeRequests }
  }

  /// Connections open right now.
  public var activeConnections: Int {
    engine.state.withLock { $0.openConnections.count }
  }

  /// Connections accepted since the start (not reset by `resetLog()`).
  public var totalConnections: Int {
    engine.state.withLock { $0.totalConnections }
  }
}
