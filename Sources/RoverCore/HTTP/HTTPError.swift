import Foundation

/// Failures of the exchange itself, before anyone has read a status or a body: every engine maps its own errors
/// (URLError, libcurl codes) to these, so the layers above see one vocabulary.
///
/// New cases may come in a minor version (Swift on Linux builds RoverCore without library evolution, so the enum
/// cannot be marked non-frozen): switch over the cases you act on and end with `default:`.
public enum HTTPError: Error, Equatable, Sendable {
  /// The connection failed or broke (reset, TLS); `reason` is the system's or engine's words. Retried.
  case network(url: String, reason: String)
  /// Nothing accepted the connection (no listener on the port, no route to the host). Not retried, as curl and
  /// wget do not retry it without being asked: nothing comes back a second later, and offline, or with every
  /// service pointed at a closed port, retries only make the user wait.
  case connectionRefused(url: String)
  /// The host's name does not resolve: asking again in a second will not change that (and offline, every
  /// retry would only add a line).
  case hostNotFound(url: String)
  /// No complete answer within the timeout (`seconds`, whole), or an image transfer stalled that long. Retried.
  case timedOut(url: String, seconds: Int)
  /// More than 8 redirects from `url`: a loop, most likely, and never retried.
  case tooManyRedirects(url: String)
  /// A redirect to a scheme rover does not fetch (`file:`, `ftp:`), to a link-local address (169.254/16, fe80::/10),
  /// or into loopback or a private network from a URL outside them: never followed, never retried.
  case unsupportedRedirect(url: String, location: String)
  /// The local file a body was being written to failed (disk full, permissions).
  case cannotWrite(path: String, reason: String)
  /// The connection ended before the body did (`expected` is the `Content-Length`, when one was sent).
  case shortBody(url: String, expected: Int?, received: Int)
  /// An answer larger, decoded, than any real one: a bomb or a server that never stops.
  case responseTooLarge(url: String, limit: Int)
  /// No request can be made at all (libcurl missing): nothing to retry.
  case unavailable(reason: String)
  /// `host`'s TLS certificate does not verify against the certificate authorities in force: `caFile` (the CA file
  /// given, curl's `--cacert`), or the system's when nil. Never retried and never worth another service: the same
  /// certificate comes back every time, and an interception proxy would present one for every host. Verification
  /// is never turned off; trusting the right CA is the fix.
  case untrustedCertificate(url: String, host: String, caFile: String?)

  /// Whether the same request could succeed if sent again.
  public var isTransient: Bool {
    switch self {
    case .network, .timedOut, .shortBody: return true
    case .tooManyRedirects, .unsupportedRedirect, .cannotWrite, .responseTooLarge, .hostNotFound, .unavailable,
      .connectionRefused, .untrustedCertificate:
      return false
    }
  }

  /// Whether the failure came before any HTTP answer: no name, no connection, nothing in time. The service could
  /// not be reached at all, which is what `rover services` calls unreachable and `auto` sums up in one line.
  package var isUnanswered: Bool {
    switch self {
    case .network, .connectionRefused, .hostNotFound, .timedOut, .unavailable: return true
    // The host is there and spoke TLS: it is the trust that fails, which no other service or retry mends.
    case .tooManyRedirects, .unsupportedRedirect, .cannotWrite, .shortBody, .responseTooLarge, .untrustedCertificate:
      return false
    }
  }

  /// The failure in a few words without its URL, for a line that names several services at once.
  package var reasonWithoutURL: String {
    switch self {
    case .network(_, let reason): return reason
    case .connectionRefused: return "connection refused"
    case .hostNotFound: return "host not found"
    case .timedOut(_, let seconds): return "no answer within \(seconds)s"
    default: return errorDescription ?? "\(self)"
    }
  }
}

extension HTTPError {
  /// The same error with the API key taken out of every URL it names.
  func redacted(_ redactor: Redactor) -> HTTPError {
    switch self {
    case .network(let url, let reason): return .network(url: redactor.redact(url), reason: reason)
    case .hostNotFound(let url): return .hostNotFound(url: redactor.redact(url))
    case .connectionRefused(let url): return .connectionRefused(url: redactor.redact(url))
    case .timedOut(let url, let seconds): return .timedOut(url: redactor.redact(url), seconds: seconds)
    case .tooManyRedirects(let url): return .tooManyRedirects(url: redactor.redact(url))
    case .unsupportedRedirect(let url, let location):
      return .unsupportedRedirect(url: redactor.redact(url), location: redactor.redact(location))
    case .cannotWrite, .unavailable: return self
    case .shortBody(let url, let expected, let received):
      return .shortBody(url: redactor.redact(url), expected: expected, received: received)
    case .responseTooLarge(let url, let limit): return .responseTooLarge(url: redactor.redact(url), limit: limit)
    case .untrustedCertificate(let url, let host, let caFile):
      return .untrustedCertificate(url: redactor.redact(url), host: host, caFile: caFile)
    }
  }
}

extension HTTPError: LocalizedError {
  /// One lowercase clause naming the URL (API key redacted) and what went wrong.
  public var errorDescription: String? {
    switch self {
    case .network(let url, let reason): return "cannot reach \(url): \(reason)"
    case .hostNotFound(let url): return "cannot reach \(url): host not found (no network, or a wrong URL?)"
    case .connectionRefused(let url): return "cannot reach \(url): connection refused"
    case .timedOut(let url, let seconds): return "no answer from \(url) within \(seconds)s"
    case .tooManyRedirects(let url): return "too many redirects from \(url)"
    case .unsupportedRedirect(let url, let location):
      return "\(url) redirects to '\(location)', which rover does not follow "
        + "(only http(s), never a link-local or private address from a public one)"
    case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
    case .shortBody(let url, let expected?, let received) where expected > received:
      return "short body from \(url): \(received) of \(expected) bytes"
    case .shortBody(let url, _, 0): return "empty body from \(url)"
    case .responseTooLarge(let url, let limit):
      return "answer from \(url) is larger than \(limit / 1_048_576) MB; refusing to read more"
    case .shortBody(let url, _, let received): return "connection closed after \(received) bytes from \(url)"
    case .unavailable(let reason): return reason
    case .untrustedCertificate(_, let host, let caFile?):
      return "the TLS certificate of \(host) does not verify against the CA file \(caFile)"
    case .untrustedCertificate(_, let host, nil):
      return "the TLS certificate of \(host) does not verify against the system's CAs"
    }
  }
}
