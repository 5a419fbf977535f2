import Foundation

/// Why one image could not be saved. Messages name the URL (redacted) or path the user should look at.
public enum DownloadError: Error, Equatable, Sendable {
  case httpStatus(status: Int, url: String)
  case notAnImage(contentType: String, url: String, hint: String?)
  case truncated(expected: Int, received: Int, url: String)
  case network(url: String, reason: String)
  case timedOut(url: String)
  case tooManyRedirects(url: String)
  case invalidURL(String)
  case io(path: String, reason: String)

  /// Whether another attempt could succeed; 4xx (but 429) and non-image bodies will not change on retry.
  public var isTransient: Bool {
    switch self {
    case .httpStatus(let status, _): return status == 429 || status == 408 || status >= 500
    case .truncated, .network, .timedOut: return true
    case .notAnImage, .tooManyRedirects, .invalidURL, .io: return false
    }
  }

  /// A local write failure (disk full, permissions) dooms every later photo too, so the run stops.
  public var isFatal: Bool {
    if case .io = self { return true }
    return false
  }
}

extension DownloadError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .httpStatus(let status, let url):
      return "HTTP \(status) for \(url)"
    case .notAnImage(let contentType, let url, let hint):
      let type = contentType.isEmpty ? "no content type" : contentType
      return "not an image (\(type)) at \(url)" + (hint.map { ": \($0)" } ?? "")
    case .truncated(let expected, let received, let url):
      return "short body from \(url): \(received) of \(expected) bytes"
    case .network(let url, let reason):
      return "cannot fetch \(url): \(reason)"
    case .timedOut(let url):
      return "timed out fetching \(url)"
    case .tooManyRedirects(let url):
      return "too many redirects from \(url)"
    case .invalidURL(let text):
      return "invalid image URL '\(text)'"
    case .io(let path, let reason):
      return "cannot write \(path): \(reason)"
    }
  }
}
