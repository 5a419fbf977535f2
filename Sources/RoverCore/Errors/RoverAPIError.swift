import Foundation

/// Everything that can go wrong talking to a photo service. Each case carries the input or URL (already redacted)
/// so its message can name what the user should look at.
public enum RoverAPIError: Error, Equatable, Sendable {
  case unknownRover(name: String)
  case photoNotFound(id: String)
  case notFound(url: String)
  case unavailableRover(name: String, service: String)
  case unauthorized(service: String, message: String)
  case rateLimited(retryAfter: Int?, message: String)
  case serverError(status: Int, url: String)
  case unexpectedStatus(status: Int, url: String, message: String)
  case network(url: String, reason: String)
  case timedOut(url: String, seconds: Int)
  case tooManyRedirects(url: String)
  case malformedJSON(url: String, detail: String)
  case invalidConfiguration(String)
  case offlineMiss(what: String)
}

extension RoverAPIError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .unknownRover(let name):
      return "unknown rover '\(name)' (try `rover rovers` for the names this service knows)"
    case .photoNotFound(let id):
      return "no photo with id \(id)"
    case .notFound(let url):
      return "not found: \(url) (is the base URL right?)"
    case .unavailableRover(let name, let service):
      return "rover '\(name)' is not available from the \(service) service"
    case .unauthorized(let service, let message):
      return "\(service) refused the API key: \(message) (set ROVER_API_KEY or --api-key)"
    case .rateLimited(let retryAfter, let message):
      let wait = retryAfter.map { ", retry after \($0)s" } ?? ""
      return "rate limited by the service\(wait): \(message)"
    case .serverError(let status, let url):
      return "service error HTTP \(status) from \(url)"
    case .unexpectedStatus(let status, let url, let message):
      return "HTTP \(status) from \(url)\(message.isEmpty ? "" : ": \(message)")"
    case .network(let url, let reason):
      return "cannot reach \(url): \(reason)"
    case .timedOut(let url, let seconds):
      return "no answer from \(url) within \(seconds)s"
    case .tooManyRedirects(let url):
      return "too many redirects from \(url)"
    case .malformedJSON(let url, let detail):
      return "unexpected response from \(url): \(detail)"
    case .invalidConfiguration(let message):
      return message
    case .offlineMiss(let what):
      return "offline and nothing cached for \(what)"
    }
  }

  /// The service is down or unreachable (not refusing us): a cached answer, even stale, beats failing.
  public var isServiceDown: Bool {
    switch self {
    case .serverError, .network, .timedOut: return true
    default: return false
    }
  }

  /// Whether trying the same request again later could succeed.
  public var isTransient: Bool {
    switch self {
    case .rateLimited, .serverError, .network, .timedOut: return true
    default: return false
    }
  }
}
