// Only where libcurl is missing: on Linux every request goes through `CurlEngine`, and FoundationNetworking (which
// would load libcurl at start-up) is not linked at all.
#if !canImport(CCurl)
  import Foundation

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// API answers over URLSession: small JSON bodies, held in memory, and bounded twice: by size (decoded, so a
  /// gzip bomb stops at the cap, not at 2 GiB) and by time (the whole response, so a server that trickles a byte
  /// a second cannot hold a command for ever). Image files go through `CurlEngine`.
  public final class URLSessionEngine: HTTPEngine {
    public static let defaultMaxBodyBytes = HTTPEngines.defaultMaxBodyBytes

    let delegate: SessionDelegate
    let timeout: TimeInterval
    let maxBodyBytes: Int
    private let maxConnectionsPerHost: Int
    /// Made on the first request: a URLSession costs a thread, a libcurl handle and a look for the app's bundle, and a
    /// download from a list piped in never asks a service anything.
    private let made = Locked<URLSession?>(nil)

    public init(timeout: TimeInterval = 30, maxConnectionsPerHost: Int = 16, maxBodyBytes: Int = defaultMaxBodyBytes) {
      delegate = SessionDelegate(timeout: max(1, timeout))
      self.timeout = max(1, timeout)
      self.maxBodyBytes = maxBodyBytes
      self.maxConnectionsPerHost = max(1, maxConnectionsPerHost)
    }

    var session: URLSession {
      made.withLock { made in
        if let made { return made }
        let configuration = URLSessionConfiguration.ephemeral
        // The default of 6 silently caps every task group above it (linux-notes.md).
        configuration.httpMaximumConnectionsPerHost = maxConnectionsPerHost
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        made = session
        return session
      }
    }

    public func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
      var urlRequest = URLRequest(
        url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
      for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
      let url = request.url.absoluteString
      let task = session.dataTask(with: urlRequest)
      let box = TaskBox()
      let (data, http) = try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          delegate.register(task, url: url, limit: maxBodyBytes, continuation: continuation)
          box.set(task)
          task.resume()
          // The whole response, not each read, is what `--timeout` bounds. The timer holds the task weakly: it
          // outlives a fast answer by the whole timeout, and a strong hold kept every finished task (a few KB each)
          // alive that long, so a range listing hundreds of sols a second grew with the sols.
          DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [delegate, weak task] in
            guard let task else { return }
            if delegate.expire(task) { TaskBox.cancelAsynchronously(task) }
          }
        }
      } onCancel: {
        // Never `task.cancel()` here: see `TaskBox`.
        box.cancelLater()
      }
      var headers: [String: String] = [:]
      for (key, value) in http.allHeaderFields {
        if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
      }
      var result = HTTPResponse(url: request.url, status: http.statusCode, headers: headers, body: data)
      if case .file(let descriptor, let path, let keep) = request.body {
        // Only where libcurl is missing (not Linux): the body was read whole, so write it out now.
        result.body = Data()
        if keep(result.status, result.contentType) {
          let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
          do {
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: data)
          } catch {
            throw HTTPError.cannotWrite(path: path, reason: SystemError.text(error))
          }
          result.wroteFile = true
          result.bytesWritten = data.count
          request.onBytes?(data.count)
        }
      }
      return result
    }

    /// URLSession reports a cancelled task as `URLError(.cancelled)`; callers expect `CancellationError`.
    static func mapped(_ error: URLError, url: String, timeout: TimeInterval) throws -> HTTPError {
      switch error.code {
      case .cancelled: throw CancellationError()
      case .timedOut: return .timedOut(url: url, seconds: Int(timeout))
      case .cannotConnectToHost: return .network(url: url, reason: "connection refused")
      case .cannotFindHost, .dnsLookupFailed: return .hostNotFound(url: url)
      case .notConnectedToInternet: return .network(url: url, reason: "no network")
      case .networkConnectionLost: return .network(url: url, reason: "connection lost")
      case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
        return .network(url: url, reason: "TLS handshake failed")
      case .badServerResponse: return .network(url: url, reason: "bad server response")
      default: return .network(url: url, reason: "network error \(error.code.rawValue)")
      }
    }
  }
#endif
