import Foundation

/// The one place requests are sent: our User-Agent, redirects followed by hand (bounded, http(s) only, never to a
/// link-local address nor into a private network from outside it), retries
/// with backoff for what the caller's classifier calls transient, and errors that never show the API key.
package struct HTTPClient: Sendable {
  package static let maxRedirects = 8
  package static let userAgent = "rover/\(RoverVersion.current)"

  package let engine: any HTTPEngine
  package let retryPolicy: RetryPolicy
  package let redactor: Redactor
  let events: ClientEventHandler?
  /// The pause between requests (each attempt, each redirect hop), sent one at a time (`--sleep`); nil: none.
  package let spacing: RequestSpacing?
  /// How many requests may be in flight at once, each holding its permit across its retries; nil: no bound here.
  package let gate: RequestGate?

  package init(
    engine: any HTTPEngine, retryPolicy: RetryPolicy = RetryPolicy(), redactor: Redactor = Redactor(secrets: []),
    events: ClientEventHandler? = nil, spacing: RequestSpacing? = nil, gate: RequestGate? = nil
  ) {
    self.engine = engine
    self.retryPolicy = retryPolicy
    self.redactor = redactor
    self.events = events
    self.spacing = spacing
    self.gate = gate
  }

  /// Sends `request` until `classify` accepts an answer, fails it, or the retries run out.
  package func send(_ request: HTTPRequest, classify: (HTTPResponse) -> HTTPVerdict) async throws -> HTTPResponse {
    guard let gate else { return try await attempts(request, classify: classify) }
    return try await gate.withPermit { try await attempts(request, classify: classify) }
  }

  private func attempts(_ request: HTTPRequest, classify: (HTTPResponse) -> HTTPVerdict) async throws -> HTTPResponse {
    var attempt = 0
    var request = request
    while true {
      try Task.checkCancellation()
      var sent = request
      // Every later attempt writes into a file this one may have written to.
      request.fileIsFresh = false
      // Set only where missing: a request that carries it already is sent without a copy of its headers.
      if sent.headers["User-Agent"] != Self.userAgent { sent.headers["User-Agent"] = Self.userAgent }
      // Bytes this attempt reported, taken back if it fails so progress never counts a body twice.
      let written = request.onBytes.map { _ in Locked(0) }
      if let onBytes = request.onBytes, let written {
        sent.onBytes = { count in
          written.withLock { $0 += count }
          onBytes(count)
        }
      }
      let verdict: HTTPVerdict
      var response: HTTPResponse?
      do {
        response = try await followingRedirects(sent)
        verdict = response.map(classify) ?? .accept
      } catch let error as HTTPError where error.isTransient {
        verdict = .retry(error, retryAfter: nil)
      }
      if case .accept = verdict, let response { return response }
      let taken = written?.current ?? 0
      if taken != 0 { request.onBytes?(-taken) }
      switch verdict {
      case .accept:
        continue
      case .fail(let error):
        throw error
      case .retry(let error, let retryAfter):
        attempt += 1
        guard let delay = retryPolicy.delay(beforeRetry: attempt, retryAfter: retryAfter) else { throw error }
        events?(
          .retrying(
            url: redactor.redact(request.url), attempt: attempt, delay: delay, cause: error))
        try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
      }
    }
  }

  /// Linux URLSession crashes on HTTP/2 redirects under concurrency (linux-notes.md), and libcurl's own following
  /// would hide the hops from us, so both engines return 3xx and the hops are taken here.
  private func followingRedirects(_ start: HTTPRequest) async throws -> HTTPResponse {
    var request = start
    for _ in 0...Self.maxRedirects {
      // Only a listener needs the URL redacted and the clock read: a bulk download sends without one.
      let started = events.map { events in
        events(.request(url: redactor.redact(request.url)))
        return Date()
      }
      let response: HTTPResponse
      do {
        response = try await perform(request)
      } catch let error as HTTPError {
        throw error.redacted(redactor)
      }
      if let events, let started {
        events(
          .response(
            url: redactor.redact(request.url), status: response.status, seconds: Date().timeIntervalSince(started)))
      }
      guard (300..<400).contains(response.status), response.status != 304, let location = response.header("location")
      else { return response }
      // Only http(s), and never somewhere the first URL could not reach (a cloud's metadata address).
      guard let next = URL(string: location, relativeTo: request.url)?.absoluteURL,
        let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = next.host,
        AddressScope(host: host).isReachable(from: AddressScope(host: start.url.host ?? ""))
      else {
        throw HTTPError.unsupportedRedirect(url: redactor.redact(request.url), location: redactor.redact(location))
      }
      request.url = Self.upgraded(next)
      if !Self.sameOrigin(request.url, start.url) { request = request.withoutCredentials(redactor: redactor) }
    }
    throw HTTPError.tooManyRedirects(url: redactor.redact(start.url))
  }

  /// One request through the engine, after the pause `--sleep` asks for when there is one.
  private func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let spacing else { return try await engine.perform(request) }
    return try await spacing.spaced { try await engine.perform(request) }
  }

  static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
    func origin(_ url: URL) -> (String, String, Int) {
      let scheme = url.scheme?.lowercased() ?? ""
      return (scheme, url.host?.lowercased() ?? "", url.port ?? (scheme == "https" ? 443 : 80))
    }
    return origin(a) == origin(b)
  }

  /// NASA's hosts are served over https, though old records and redirects still say http.
  package static func upgraded(_ url: URL) -> URL {
    guard url.scheme?.lowercased() == "http", let host = url.host?.lowercased(),
      host == "nasa.gov" || host.hasSuffix(".nasa.gov"),
      var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { return url }
    components.scheme = "https"
    if components.port == 80 { components.port = nil }
    return components.url ?? url
  }
}
