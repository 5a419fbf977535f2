import FlyingFox
import FlyingSocks
import Foundation

/// A real HTTP/1.1 server (FlyingFox) on 127.0.0.1 with a kernel-chosen port, for tests that must exercise a client
/// against an actual socket: keep-alive, concurrency limits, short bodies and hang-ups cannot be faked in-process.
///
/// Every request is logged and counted, so a test can prove caching or de-duplication by what reached the server.
/// Call `stop()` in a `defer`; `deinit` stops it too.
public final class TestHTTPServer: Sendable {
  private struct Log {
    var requests: [TestRequest] = []
    var active = 0
    var maxConcurrent = 0
    /// Each request with its arrival and, once its response was ready, its end (seconds since the reference date).
    var spans: [(request: TestRequest, end: Date?)] = []
  }

  public let port: Int
  private let thread = ServerThread()
  private let log = Locked(Log())
  /// The server's whole life: cancelling it is how the server stops (see `stop()`).
  private let running: Task<Void, Never>

  /// Binds, listens and starts accepting before it returns. The handler must not block: delays belong in the
  /// response (`TestResponse.delay`), where they cost no thread.
  public init(handler: @escaping @Sendable (TestRequest) -> TestResponse) throws {
    let listening = ListeningLogger()
    let log = log
    let server = HTTPServer(
      // A handler's own timeout would cut a long `delay` short; tests bound their waits themselves.
      // `poll` with a short interval rather than epoll: an epoll pool waits in `epoll_wait` on a dispatch worker
      // thread for as long as the server lives, and a suite's few hundred servers used up libdispatch's 255
      // workers, so URLSession (whose work queue needs one) hung every other full run over that engine.
      config: .init(
        address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 24 * 3600, pool: .poll(interval: .seconds(0.01)),
        logger: listening),
      handler: ClosureHTTPHandler { request in
        let received = TestRequest(
          method: request.method.rawValue, path: request.path,
          queryItems: request.query.map { URLQueryItem(name: $0.name, value: $0.value) },
          headers: Dictionary(request.headers.map { ($0.key.rawValue, $0.value) }, uniquingKeysWith: { $1 }))
        let index = log.withLock { log in
          log.requests.append(received)
          log.spans.append((received, nil))
          log.active += 1
          log.maxConcurrent = max(log.maxConcurrent, log.active)
          return log.spans.count - 1
        }
        defer {
          log.withLock { log in
            log.active -= 1
            if index < log.spans.count, log.spans[index].request.received == received.received {
              log.spans[index].end = Date()
            }
          }
        }
        let response = handler(received)
        if response.delay > 0 {
          try await Task.sleep(nanoseconds: UInt64(response.delay * 1_000_000_000))
        }
        return response.flyingFoxResponse
      })
    let thread = thread
    running = Task(executorPreference: thread) {
      try? await server.run()
      // Jobs that arrive after this (a connection winding down) run on the shared pool instead.
      thread.finish()
    }
    guard let port = listening.waitForPort(timeout: 30) else { throw TestHTTPServerError.notListening }
    self.port = port
  }

  deinit {
    stop()
  }

  /// `http://127.0.0.1:<port>`, no trailing slash.
  public var baseURL: URL {
    URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
  }

  /// `baseURL` followed by `pathAndQuery`, e.g. `url("/api/v1/rovers?x=1")`.
  public func url(_ pathAndQuery: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)") ?? baseURL
  }

  /// Closes the listener and open connections, interrupting delays. Does not wait: waiting on FlyingFox's actor
  /// from a blocked thread could starve the pool it needs (see `ServerThread`). Safe to call more than once.
  ///
  /// The run is cancelled rather than FlyingFox's `stop()` called: `stop()` closes the listening socket while its
  /// poll loop still watches that number, and a socket opened meanwhile elsewhere in the process (the next test's
  /// listener) is given the same number, so the stopping server accepted connections meant for another and hung up
  /// on them. Cancelled, the poll loop ends first, and only then are the listener and the connections closed.
  public func stop() {
    running.cancel()
  }

  /// Stops the server and returns once its run has ended, the listener closed: for a test that checks the port is
  /// let go, rather than polling until it is.
  public func stopped() async {
    running.cancel()
    await running.value
  }

  /// Every request received since the start or the last `resetLog()`, in arrival order.
  public var requests: [TestRequest] {
    log.withLock { $0.requests }
  }

  public var requestCount: Int {
    log.withLock { $0.requests.count }
  }

  /// Counts requests whose decoded path starts with `pathPrefix`.
  public func requestCount(pathPrefix: String) -> Int {
    requests.filter { $0.path.hasPrefix(pathPrefix) }.count
  }

  /// Clears the request log and restarts `maxConcurrentRequests` from the requests in flight now, so a test can
  /// warm up and then measure.
  public func resetLog() {
    log.withLock { log in
      log.requests.removeAll()
      log.spans.removeAll()
      log.maxConcurrent = log.active
    }
  }

  /// The most requests handled at once, each from its arrival until its response (delay included) was ready.
  public var maxConcurrentRequests: Int {
    log.withLock { $0.maxConcurrent }
  }

  /// The most requests matching `predicate` handled at once, each from its arrival until its response (delay
  /// included) was ready; requests still being handled count as running until now.
  public func maxConcurrentRequests(where predicate: (TestRequest) -> Bool) -> Int {
    let spans = log.withLock { $0.spans }.filter { predicate($0.request) }
    // Ends before starts at the same instant: a request that ended as another arrived did not overlap it.
    let edges =
      spans.map { ($0.request.received, 1) } + spans.map { ($0.end ?? .distantFuture, -1) }
    var running = 0
    var most = 0
    for edge in edges.sorted(by: { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }) {
      running += edge.1
      most = max(most, running)
    }
    return most
  }

  /// Requests being handled right now.
  public var activeRequests: Int {
    log.withLock { $0.active }
  }
}

/// Why a `TestHTTPServer` could not start.
public enum TestHTTPServerError: Error {
  /// FlyingFox did not report listening on 127.0.0.1 in time.
  case notListening
}
