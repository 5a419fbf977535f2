import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// GET with the rules every service needs: our headers, manual redirects, retries with backoff, and errors that
/// never show the API key.
public final class HTTPTransport: Sendable {
  /// What to do with a response; the service client decides, because each service signals errors its own way.
  public enum Verdict: Sendable {
    case accept
    case retry(RoverAPIError, retryAfter: TimeInterval?)
    case fail(RoverAPIError)
  }

  public let session: URLSession
  public let retryPolicy: RetryPolicy
  public let timeout: TimeInterval
  public let redactor: Redactor
  let userAgent: String
  let events: ClientEventHandler?
  static let maxRedirects = 8

  public init(
    timeout: TimeInterval = 30, retryPolicy: RetryPolicy = RetryPolicy(), maxConnectionsPerHost: Int = 16,
    redactor: Redactor = Redactor(secrets: []), events: ClientEventHandler? = nil
  ) {
    let configuration = URLSessionConfiguration.ephemeral
    // The default of 6 silently caps every task group above it (linux-notes.md).
    configuration.httpMaximumConnectionsPerHost = max(1, maxConnectionsPerHost)
    configuration.timeoutIntervalForRequest = max(1, timeout)
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    session = URLSession(configuration: configuration, delegate: RedirectRefusingDelegate(), delegateQueue: nil)
    self.retryPolicy = retryPolicy
    self.timeout = max(1, timeout)
    self.redactor = redactor
    self.userAgent = "rover/\(RoverVersion.current)"
    self.events = events
  }

  /// Fetches `url`, following redirects and retrying what `classify` calls transient.
  public func get(
    _ url: URL, headers: [String: String] = [:], classify: @Sendable (HTTPResponse) -> Verdict
  ) async throws -> HTTPResponse {
    var attempt = 0
    while true {
      try Task.checkCancellation()
      let verdict: Verdict
      let response: HTTPResponse?
      do {
        let fetched = try await followingRedirects(url, headers: headers)
        response = fetched
        verdict = classify(fetched)
      } catch let error as RoverAPIError where error.isTransient {
        response = nil
        verdict = .retry(error, retryAfter: nil)
      }
      switch verdict {
      case .accept:
        if let response { return response }
      case .fail(let error):
        throw error
      case .retry(let error, let retryAfter):
        attempt += 1
        guard let delay = retryPolicy.delay(beforeRetry: attempt, retryAfter: retryAfter) else { throw error }
        events?(
          .retrying(
            url: redactor.redact(url), attempt: attempt, delay: delay,
            reason: error.errorDescription ?? "\(error)"))
        try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
      }
    }
  }

  /// Linux URLSession crashes on HTTP/2 redirects under concurrency (linux-notes.md), so the delegate refuses them
  /// and we follow `Location` here.
  private func followingRedirects(_ start: URL, headers: [String: String]) async throws -> HTTPResponse {
    var url = start
    for _ in 0...HTTPTransport.maxRedirects {
      let response = try await send(url, headers: headers)
      guard (300..<400).contains(response.status), response.status != 304,
        let location = response.header("location"), let next = URL(string: location, relativeTo: url)?.absoluteURL
      else { return response }
      url = next
    }
    throw RoverAPIError.tooManyRedirects(url: redactor.redact(start))
  }

  private func send(_ url: URL, headers: [String: String]) async throws -> HTTPResponse {
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let shownURL = redactor.redact(url)
    events?(.request(url: shownURL))
    let started = Date()
    do {
      let (data, response) = try await session.cancellableData(for: request)
      guard let http = response as? HTTPURLResponse else {
        throw RoverAPIError.network(url: shownURL, reason: "not an HTTP response")
      }
      events?(.response(url: shownURL, status: http.statusCode, seconds: Date().timeIntervalSince(started)))
      return HTTPResponse(url: url, response: http, body: data)
    } catch let error as URLError {
      throw mapped(error, url: shownURL)
    }
  }

  /// URLSession reports a cancelled task as `URLError(.cancelled)`; callers expect `CancellationError`.
  func mapped(_ error: URLError, url: String) -> any Error {
    switch error.code {
    case .cancelled:
      return CancellationError()
    case .timedOut:
      return RoverAPIError.timedOut(url: url, seconds: Int(timeout))
    default:
      return RoverAPIError.network(url: url, reason: Self.describe(error))
    }
  }

  static func describe(_ error: URLError) -> String {
    switch error.code {
    case .cannotConnectToHost: return "connection refused"
    case .cannotFindHost, .dnsLookupFailed: return "host not found"
    case .notConnectedToInternet: return "no network"
    case .networkConnectionLost: return "connection lost"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
      return "TLS handshake failed"
    case .badServerResponse: return "bad server response"
    default: return "network error \(error.code.rawValue)"
    }
  }
}

/// Answers every redirect with nil so that the transport sees the 3xx and follows it itself.
final class RedirectRefusingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
