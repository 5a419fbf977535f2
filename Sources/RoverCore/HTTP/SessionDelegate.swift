// Only where libcurl is missing: on Linux every request goes through `CurlEngine`, and FoundationNetworking (which
// would load libcurl at start-up) is not linked at all.
#if !canImport(CCurl)
  import Foundation

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// Collects each task's body as it arrives, so a body past the size limit is cancelled as soon as it gets there,
  /// and refuses every redirect so `HTTPClient` sees the 3xx and follows it itself.
  final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked Sendable: `states` and each state's fields are only touched under `lock`.
    private final class State {
      let url: String
      let limit: Int
      let continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
      var data = Data()
      var response: HTTPURLResponse?
      var failure: HTTPError?

      init(url: String, limit: Int, continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) {
        self.url = url
        self.limit = limit
        self.continuation = continuation
      }
    }

    private let lock = NSLock()
    private var states: [Int: State] = [:]
    /// The configured timeout, for messages.
    let timeout: TimeInterval

    init(timeout: TimeInterval) {
      self.timeout = timeout
    }

    func register(
      _ task: URLSessionTask, url: String, limit: Int,
      continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
    ) {
      lock.withLock { states[task.taskIdentifier] = State(url: url, limit: limit, continuation: continuation) }
    }

    /// Marks a response that is still running when its time is up; true when the caller should cancel it.
    func expire(_ task: URLSessionTask) -> Bool {
      lock.withLock {
        guard let state = states[task.taskIdentifier], state.failure == nil else { return false }
        state.failure = .timedOut(url: state.url, seconds: Int(timeout))
        return true
      }
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
      newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      completionHandler(nil)
    }

    func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
      let state = lock.withLock { states[dataTask.taskIdentifier] }
      state.map { state in lock.withLock { state.response = response as? HTTPURLResponse } }
      completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      let over = lock.withLock { () -> Bool in
        guard let state = states[dataTask.taskIdentifier], state.failure == nil else { return false }
        state.data.append(data)
        guard state.data.count > state.limit else { return false }
        state.failure = .responseTooLarge(url: state.url, limit: state.limit)
        state.data = Data()
        return true
      }
      if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
      guard let state = lock.withLock({ states.removeValue(forKey: task.taskIdentifier) }) else { return }
      if let failure = state.failure {
        state.continuation.resume(throwing: failure)
      } else if let error = error as? URLError {
        do {
          state.continuation.resume(throwing: try URLSessionEngine.mapped(error, url: state.url, timeout: timeout))
        } catch {
          state.continuation.resume(throwing: error)
        }
      } else if let error {
        state.continuation.resume(throwing: HTTPError.network(url: state.url, reason: SystemError.text(error)))
      } else if let response = state.response {
        state.continuation.resume(returning: (state.data, response))
      } else {
        state.continuation.resume(throwing: HTTPError.network(url: state.url, reason: "not an HTTP response"))
      }
    }
  }
#endif
