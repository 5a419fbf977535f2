import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Requests over Foundation's URLSession, the engine of platforms without libcurl's module and of anyone who asks
/// for it. Answers are held in memory and bounded twice: by size (decoded, so a gzip bomb stops at the cap) and by
/// time (the whole answer, so a server that trickles a byte a second cannot hold a command for ever). Image bodies
/// stream to their file as they arrive, bounded by the stall timeout. Redirects come back to `HTTPClient`, which
/// follows them itself under the same rules as for libcurl.
///
/// What URLSession cannot honour as libcurl does (README "HTTP engines"): its timeouts are whole seconds (a timeout
/// under one second is taken as one); it decodes gzip itself, so the size cap counts decoded bytes only as they
/// arrive; it costs several times libcurl's CPU per image; and a rate (`--limit-rate`) holds for the bytes rover
/// takes from it, not on the socket, since a task cannot be paused (FoundationNetworking may read ahead into memory).
/// Nor can it be given a CA file on Linux:
/// FoundationNetworking sets libcurl's CA bundle to the system's itself and hands no server-trust challenge to a
/// delegate. Settings refuse a CA file with this engine; should one reach it anyway, every request fails rather than
/// go out trusting other CAs than the user named.
final class URLSessionEngine: HTTPEngine {
  let delegate: SessionDelegate
  let timeout: TimeInterval
  let maxBodyBytes: Int
  private let maxConnectionsPerHost: Int
  /// A CA file this engine was asked to use and cannot; see the type's comment.
  private let caFile: String?
  /// Made on the first request: a URLSession costs a thread, a libcurl handle and a look for the app's bundle, and a
  /// download from a list piped in never asks a service anything.
  private let made = Locked<URLSession?>(nil)

  init(
    timeout: TimeInterval = 30, maxConnectionsPerHost: Int = 16,
    maxBodyBytes: Int = HTTPEngines.defaultMaxBodyBytes, budget: TransferBudget? = nil, caFile: String? = nil
  ) {
    // The system's bundle, named explicitly, is what this engine uses anyway: nothing to refuse.
    self.caFile = caFile.flatMap { ConnectionSettings.isURLSessionBundle($0) ? nil : $0 }
    delegate = SessionDelegate(timeout: max(1, timeout), budget: budget)
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
      configuration.timeoutIntervalForResource = timeout * Double(TransferBounds.wholeTransferTimeouts)
      configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
      configuration.urlCache = nil
      configuration.httpCookieStorage = nil
      let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
      made = session
      return session
    }
  }

  func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
    if let caFile {
      throw HTTPError.unavailable(reason: "the URLSession engine cannot use the CA file \(caFile); use the curl engine")
    }
    #if canImport(CCurl)
      // FoundationNetworking's libcurl calls go through CCurl's forwarders, which load libcurl on first use: without
      // it, one line naming the package rather than a session that cannot start a transfer.
      try CurlEngine.loadLibcurl()
    #endif
    var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    let task = session.dataTask(with: urlRequest)
    let box = TaskBox()
    let isAnswer = if case .memory = request.body { true } else { false }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        delegate.register(
          task, state: SessionDelegate.State(request: request, limit: maxBodyBytes, continuation: continuation))
        box.set(task)
        task.resume()
        // An answer's whole response, not each read, is what the timeout bounds (an image's stalls are bounded by
        // the session's idle timeout). The timer holds the task weakly: a strong hold kept every finished task
        // alive for the whole timeout, so a range listing grew with its sols.
        guard isAnswer else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [delegate, weak task] in
          guard let task else { return }
          if delegate.expire(task) { TaskBox.cancelAsynchronously(task) }
        }
      }
    } onCancel: {
      // Never `task.cancel()` here: see `TaskBox`.
      box.cancelLater()
    }
  }

  /// libcurl's messages for CURLE_PEER_FAILED_VERIFICATION with OpenSSL: an unknown or expired CA ("SSL
  /// certificate problem: unable to get local issuer certificate") or a name the certificate does not cover.
  static func isCertificateProblem(_ text: String) -> Bool {
    text.hasPrefix("SSL certificate problem") || text.contains("does not match target host name")
      || text.contains("no alternative certificate subject name matches")
  }

  /// URLSession reports a cancelled task as `URLError(.cancelled)`; callers expect `CancellationError`.
  static func mapped(_ error: URLError, url: String, timeout: TimeInterval) throws -> HTTPError {
    switch error.code {
    case .cancelled: throw CancellationError()
    case .timedOut: return .timedOut(url: url, seconds: Int(timeout))
    case .cannotConnectToHost: return .connectionRefused(url: url)
    case .cannotFindHost, .dnsLookupFailed: return .hostNotFound(url: url)
    case .notConnectedToInternet: return .network(url: url, reason: "no network")
    case .networkConnectionLost: return .network(url: url, reason: "connection lost")
    case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot,
      .serverCertificateNotYetValid:
      return .untrustedCertificate(url: url, host: URL(string: url)?.host ?? url, caFile: nil)
    // FoundationNetworking maps libcurl's CURLE_PEER_FAILED_VERIFICATION to no URLError code of its own (-1, not
    // -1202): only libcurl's words, kept as the error's description, tell a certificate that does not verify.
    case .unknown where isCertificateProblem(error.localizedDescription):
      return .untrustedCertificate(url: url, host: URL(string: url)?.host ?? url, caFile: nil)
    case .secureConnectionFailed:
      return .network(url: url, reason: "TLS handshake failed")
    case .badServerResponse: return .network(url: url, reason: "bad server response")
    default: return .network(url: url, reason: "network error \(error.code.rawValue)")
    }
  }
}
