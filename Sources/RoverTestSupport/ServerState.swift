/// The mutable bookkeeping a `TestHTTPServer` shares between its threads; only ever touched through `Locked`.
struct ServerState {
  var stopped = false
  var nextConnectionID = 1
  /// Open connections by id, with the thread serving each, so `stop()` called from inside a handler does not wait
  /// for its own connection.
  var openConnections: [Int: ObjectIdentifier] = [:]
  var totalConnections = 0
  var activeRequests = 0
  var maxConcurrentRequests = 0
  var requests: [TestRequest] = []

  mutating func requestStarted(_ request: TestRequest) {
    requests.append(request)
    activeRequests += 1
    maxConcurrentRequests = max(maxConcurrentRequests, activeRequests)
  }

  mutating func requestFinished() {
    activeRequests -= 1
  }
}
