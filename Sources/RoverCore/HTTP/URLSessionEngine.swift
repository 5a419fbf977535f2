import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// API answers over URLSession: small JSON bodies, held in memory. (Image files go through `CurlEngine`, which
/// costs a fraction of URLSession's CPU per file on Linux and never holds a body in memory.)
public final class URLSessionEngine: HTTPEngine {
  let session: URLSession
  let timeout: TimeInterval

  public init(timeout: TimeInterval = 30, maxConnectionsPerHost: Int = 16) {
    let configuration = URLSessionConfiguration.ephemeral
    // The default of 6 silently caps every task group above it (linux-notes.md).
    configuration.httpMaximumConnectionsPerHost = max(1, maxConnectionsPerHost)
    configuration.timeoutIntervalForRequest = max(1, timeout)
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    session = URLSession(configuration: configuration, delegate: RedirectRefusingDelegate(), delegateQueue: nil)
    self.timeout = max(1, timeout)
  }

  public func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
    var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.cancellableData(for: urlRequest)
    } catch let error as URLError {
      throw try Self.mapped(error, url: request.url.absoluteString, timeout: timeout)
    }
    guard let http = response as? HTTPURLResponse else {
      throw HTTPError.network(url: request.url.absoluteString, reason: "not an HTTP response")
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
          throw HTTPError.cannotWrite(path: path, reason: error.localizedDescription)
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
    case .cannotFindHost, .dnsLookupFailed: return .network(url: url, reason: "host not found")
    case .notConnectedToInternet: return .network(url: url, reason: "no network")
    case .networkConnectionLost: return .network(url: url, reason: "connection lost")
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
      return .network(url: url, reason: "TLS handshake failed")
    case .badServerResponse: return .network(url: url, reason: "bad server response")
    default: return .network(url: url, reason: "network error \(error.code.rawValue)")
    }
  }
}

/// Answers every redirect with nil so that `HTTPClient` sees the 3xx and follows it itself.
final class RedirectRefusingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
