import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Collects each task's body as it arrives, so a body past the size limit is cancelled as soon as it gets there,
/// streams image bodies straight to their file (never held whole in memory), and refuses every redirect so
/// `HTTPClient` sees the 3xx and follows it itself, with the same credential rules as libcurl (and without the
/// corelibs crash on an HTTPS redirect while several requests run, linux-notes.md).
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // @unchecked Sendable: `states` and each state's fields are only touched under `lock`.
  final class State {
    let url: String
    let limit: Int
    let body: HTTPRequest.Body
    let onBytes: (@Sendable (Int) -> Void)?
    let continuation: CheckedContinuation<HTTPResponse, any Error>
    let requestURL: URL
    var data = Data()
    var response: HTTPURLResponse?
    var failure: HTTPError?
    /// For a file body: whether the head said to keep it, and how much of it is written.
    var keeps = false
    var written = 0
    let fileIsFresh: Bool

    init(request: HTTPRequest, limit: Int, continuation: CheckedContinuation<HTTPResponse, any Error>) {
      url = request.url.absoluteString
      requestURL = request.url
      self.limit = limit
      body = request.body
      onBytes = request.onBytes
      fileIsFresh = request.fileIsFresh
      self.continuation = continuation
    }
  }

  private let lock = NSLock()
  private var states: [Int: State] = [:]
  /// The configured timeout, for messages.
  let timeout: TimeInterval
  /// The rate shared with every other transfer (`--limit-rate`); nil: unlimited.
  let budget: TransferBudget?

  init(timeout: TimeInterval, budget: TransferBudget? = nil) {
    self.timeout = timeout
    self.budget = budget
  }

  func register(_ task: URLSessionTask, state: State) {
    lock.withLock { states[task.taskIdentifier] = state }
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
    let failed = lock.withLock { () -> Bool in
      guard let state = states[dataTask.taskIdentifier] else { return false }
      let http = response as? HTTPURLResponse
      state.response = http
      guard case .file(let descriptor, let path, let keep) = state.body, let http else { return false }
      let type = (http.value(forHTTPHeaderField: "Content-Type") ?? "")
      state.keeps = keep(http.statusCode, type)
      // A retry writes into the same descriptor: start it clean, as libcurl's engine does.
      if state.keeps, !state.fileIsFresh, !Self.rewind(descriptor) {
        state.failure = .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        return true
      }
      return false
    }
    completionHandler(failed ? .cancel : .allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    // URLSession on Linux cannot pause a task's socket: holding its (serial) delegate queue here is what keeps the
    // bytes rover takes within the rate, while FoundationNetworking may read ahead of them into memory.
    budget?.takeWaiting(data.count)
    let stop = lock.withLock { () -> Bool in
      guard let state = states[dataTask.taskIdentifier], state.failure == nil else { return false }
      if case .file(let descriptor, let path, _) = state.body {
        // A body the head said not to keep (an HTML error page) is dropped unread.
        guard state.keeps else { return false }
        if let reason = Self.write(data, to: descriptor) {
          state.failure = .cannotWrite(path: path, reason: reason)
          return true
        }
        state.written += data.count
        state.onBytes?(data.count)
        return false
      }
      state.data.append(data)
      guard state.data.count > state.limit else { return false }
      state.failure = .responseTooLarge(url: state.url, limit: state.limit)
      state.data = Data()
      return true
    }
    if stop { TaskBox.cancelAsynchronously(dataTask) }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let state = lock.withLock({ states.removeValue(forKey: task.taskIdentifier) }) else { return }
    if let failure = state.failure {
      state.continuation.resume(throwing: failure)
    } else if error != nil, let short = Self.shortBody(state) {
      // A connection closed before Content-Length: the same classification libcurl's engine makes (retried).
      state.continuation.resume(throwing: short)
    } else if let error = error as? URLError {
      do {
        state.continuation.resume(throwing: try URLSessionEngine.mapped(error, url: state.url, timeout: timeout))
      } catch {
        state.continuation.resume(throwing: error)
      }
    } else if let error {
      state.continuation.resume(throwing: HTTPError.network(url: state.url, reason: SystemError.text(error)))
    } else if let response = state.response {
      state.continuation.resume(returning: Self.response(state, response))
    } else {
      state.continuation.resume(throwing: HTTPError.network(url: state.url, reason: "not an HTTP response"))
    }
  }

  /// A body that ended before its declared length, when the head came in and declared one.
  private static func shortBody(_ state: State) -> HTTPError? {
    guard let http = state.response,
      let declared = (http.value(forHTTPHeaderField: "Content-Length")).flatMap({ Int($0) }),
      http.value(forHTTPHeaderField: "Content-Encoding") == nil
    else { return nil }
    let received = state.keeps ? state.written : state.data.count
    return received < declared ? .shortBody(url: state.url, expected: declared, received: received) : nil
  }

  private static func response(_ state: State, _ http: HTTPURLResponse) -> HTTPResponse {
    var headers: [String: String] = [:]
    for (key, value) in http.allHeaderFields {
      if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
    }
    // URLSession hands over the body decoded: the encoded length no longer describes it (libcurl's engine drops it).
    if headers["content-encoding"] != nil { headers["content-length"] = nil }
    return HTTPResponse(
      url: state.requestURL, status: http.statusCode, headers: headers, body: state.data, wroteFile: state.keeps,
      bytesWritten: state.written)
  }

  /// Empties a descriptor written before (an earlier attempt); a fresh one is left alone.
  private static func rewind(_ descriptor: Int32) -> Bool {
    let position = lseek(descriptor, 0, SEEK_CUR)
    if position == 0 { return true }
    return position > 0 && ftruncate(descriptor, 0) == 0 && lseek(descriptor, 0, SEEK_SET) == 0
  }

  /// Writes all of `data`; the system's reason when it cannot (a full disk).
  private static func write(_ data: Data, to descriptor: Int32) -> String? {
    data.withUnsafeBytes { buffer -> String? in
      guard let base = buffer.baseAddress else { return nil }
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return String(cString: strerror(errno))
        }
        offset += written
      }
      return nil
    }
  }
}

/// `write(2)`, named apart from the delegate's own `write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
