import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Streams one HTTP response body into a file through a session delegate, so memory stays flat whatever the image
/// size (`data(for:)` holds twice the body; linux-notes.md). Redirects are refused and returned to the caller.
final class ImageTransfer: ImageFetching {
  let session: URLSession
  let delegate = TransferDelegate()
  let timeout: TimeInterval

  init(maxConnections: Int, timeout: TimeInterval) {
    self.timeout = max(1, timeout)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = max(1, maxConnections)
    configuration.timeoutIntervalForRequest = self.timeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
  }

  /// GETs `url`; a 2xx `image/*` body is written to `file` (created or truncated), anything else is not saved.
  func fetch(_ url: URL, to file: URL, onBytes: @escaping @Sendable (Int) -> Void) async throws -> TransferResponse {
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    request.setValue("image/*, */*;q=0.1", forHTTPHeaderField: "Accept")
    request.setValue("rover/\(RoverVersion.current)", forHTTPHeaderField: "User-Agent")
    let task = session.dataTask(with: request)
    let box = TaskBox()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        delegate.register(task, file: file, continuation: continuation, onBytes: onBytes)
        box.set(task)
        task.resume()
      }
    } onCancel: {
      // Never `task.cancel()` here: see `URLSession.cancellableData(for:)`.
      box.cancelLater()
    }
  }

  static func reason(_ error: any Error) -> String { TransferDelegate.reason(error) }

  func shutdown() {}
}

/// The session delegate behind `ImageTransfer`: writes each task's body to its file as it arrives.
final class TransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// Per-task state, guarded by `lock`.
  private final class State {
    let file: URL
    let continuation: CheckedContinuation<TransferResponse, any Error>
    var handle: FileHandle?
    var response = TransferResponse(
      status: 0, contentType: "", contentLength: nil, location: nil, retryAfter: nil, bytesWritten: 0,
      wroteBody: false)
    var failure: (any Error)?
    /// Set when we cancelled after reading a response we will not keep, as opposed to the user cancelling.
    var discarded = false
    let onBytes: @Sendable (Int) -> Void

    init(
      file: URL, continuation: CheckedContinuation<TransferResponse, any Error>,
      onBytes: @escaping @Sendable (Int) -> Void
    ) {
      self.file = file
      self.continuation = continuation
      self.onBytes = onBytes
    }
  }

  // @unchecked Sendable: `states` is only touched under `lock`.
  private let lock = NSLock()
  private var states: [Int: State] = [:]

  func register(
    _ task: URLSessionTask, file: URL, continuation: CheckedContinuation<TransferResponse, any Error>,
    onBytes: @escaping @Sendable (Int) -> Void
  ) {
    lock.withLock { states[task.taskIdentifier] = State(file: file, continuation: continuation, onBytes: onBytes) }
  }

  private func state(_ task: URLSessionTask) -> State? {
    lock.withLock { states[task.taskIdentifier] }
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
    guard let state = state(dataTask), let http = response as? HTTPURLResponse else {
      completionHandler(.cancel)
      return
    }
    let contentType = http.value(forHTTPHeaderField: "Content-Type") ?? ""
    state.response.status = http.statusCode
    state.response.contentType = contentType
    state.response.contentLength = http.value(forHTTPHeaderField: "Content-Length").flatMap { Int($0) }
    state.response.location = http.value(forHTTPHeaderField: "Location")
    state.response.retryAfter = RetryPolicy.parseRetryAfter(http.value(forHTTPHeaderField: "Retry-After"))
    guard state.response.isKeepable else {
      // Nothing of this body will be kept: do not spend bandwidth on it.
      state.discarded = true
      completionHandler(.cancel)
      return
    }
    do {
      guard FileManager.default.createFile(atPath: state.file.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown)
      }
      state.handle = try FileHandle(forWritingTo: state.file)
      state.response.wroteBody = true
      completionHandler(.allow)
    } catch {
      state.failure = DownloadError.io(path: state.file.path, reason: Self.reason(error))
      completionHandler(.cancel)
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    guard let state = state(dataTask), let handle = state.handle, state.failure == nil else { return }
    do {
      try handle.write(contentsOf: data)
      state.response.bytesWritten += data.count
      state.onBytes(data.count)
    } catch {
      state.failure = DownloadError.io(path: state.file.path, reason: Self.reason(error))
      dataTask.cancel()
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let state = lock.withLock({ states.removeValue(forKey: task.taskIdentifier) }) else { return }
    do {
      try state.handle?.close()
    } catch  where state.failure == nil {
      state.failure = DownloadError.io(path: state.file.path, reason: Self.reason(error))
    } catch {}
    if let failure = state.failure {
      state.continuation.resume(throwing: failure)
    } else if let error, !state.discarded, let expected = state.response.contentLength,
      state.response.bytesWritten < expected, (error as? URLError)?.code != .cancelled
    {
      // libcurl's "transfer closed with N bytes remaining" reaches us as URLError(.unknown): name it.
      state.continuation.resume(
        throwing: DownloadError.truncated(
          expected: expected, received: state.response.bytesWritten,
          url: task.originalRequest?.url?.absoluteString ?? ""))
    } else if let error, !state.discarded {
      state.continuation.resume(throwing: error)
    } else {
      // Either a clean finish, or our own cancel after reading a response we will not keep.
      state.continuation.resume(returning: state.response)
    }
  }

  static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let posix = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError), posix.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(posix.code)))
    }
    if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
    return nsError.localizedDescription
  }
}
