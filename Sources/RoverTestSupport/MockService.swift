/// What every mock service offers a test besides its routes: stopping, fault injection and the request log.
/// Written once here for `MockRoverAPI`, `MockRawFeeds` and `MockPDS`.
public protocol MockService: Sendable {
  var server: TestHTTPServer { get }
  /// The router's fault queue, consumed before normal handling.
  var faults: MockFaults { get }
}

/// A mock's pending faults, behind a lock; tests reach it only through `MockService`'s methods.
public final class MockFaults: Sendable {
  let queue = Locked(FaultQueue())
}

extension MockService {
  public func stop() {
    server.stop()
  }

  /// Makes the next `times` requests matching `predicate` fail with `fault` (or be delayed or truncated). Faults
  /// are taken in injection order and checked before anything else: a replacing fault answers without the key
  /// check or a rate-limit count, while `.delay` and `.truncated` wrap the normal answer. `times: .max` means
  /// every matching request.
  public func inject(
    _ fault: MockFault, times: Int = 1, where predicate: @escaping @Sendable (TestRequest) -> Bool = { _ in true }
  ) {
    faults.queue.withLock { $0.add(fault, times: times, matches: predicate) }
  }

  /// `inject(_:times:where:)` for requests whose decoded path starts with `pathPrefix` (from the server root,
  /// e.g. `/api/v1/rovers/curiosity/photos` or `/images/`).
  public func inject(_ fault: MockFault, times: Int = 1, pathPrefix: String) {
    inject(fault, times: times) { $0.path.hasPrefix(pathPrefix) }
  }

  public var requests: [TestRequest] {
    server.requests
  }

  public var requestCount: Int {
    server.requestCount
  }

  /// Counts requests whose decoded path starts with `pathPrefix` (from the server root).
  public func requestCount(pathPrefix: String) -> Int {
    server.requestCount(pathPrefix: pathPrefix)
  }
}
