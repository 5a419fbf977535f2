import Foundation

/// Why one photo could not be saved. Messages name the URL (redacted) or path the user should look at.
///
/// New cases may come in a minor version (Swift on Linux builds RoverCore without library evolution, so the enum
/// cannot be marked non-frozen): switch over the cases you act on and end with `default:`.
public enum DownloadError: Error, Equatable, Sendable {
  /// The image host answered `status` (after retries, for 429 and 5xx).
  case httpStatus(status: Int, url: String)
  /// The body is not an image (an HTML error page, JSON); `hint` says what it probably is, such as one of NASA's
  /// dead Spirit and Opportunity links. Not retried.
  case notAnImage(contentType: String, url: String, hint: String?)
  /// The transfer itself failed (after retries, where retrying made sense): see ``HTTPError``.
  case transfer(HTTPError)
  /// The photo's image address is not an http(s) URL with a host (see ``Photo/imageURL``).
  case invalidURL(String)
  /// A file or folder under the output directory could not be written (`reason`: the system's words). Fatal: the
  /// run stops, as every later photo would fail the same way.
  case io(path: String, reason: String)
  /// Input read as photos (JSON, JSON Lines, URLs or ids a line) is not photos.
  case malformedInput(detail: String)
  /// `pattern` cannot be a name template, for the reason `problem` gives.
  case invalidTemplate(pattern: String, problem: NameTemplate.Problem)
  /// The template gives two photos of the first batch one name (checked before any image request).
  case templateCollision(template: String, first: String, second: String, path: String)
  /// Another photo of this run already took this name: never overwritten, this photo fails.
  case nameTaken(path: String)
  /// This photo's own path cannot hold its file (a directory is there, or the file system refuses the name):
  /// this photo fails, the others go on.
  case pathBlocked(path: String, reason: String)

  /// Whether another attempt could succeed; 4xx (but 429) and non-image bodies will not change on retry.
  public var isTransient: Bool {
    switch self {
    case .httpStatus(let status, _): return status == 429 || status == 408 || status >= 500
    case .transfer(let error): return error.isTransient
    case .notAnImage, .invalidURL, .io, .malformedInput, .invalidTemplate, .templateCollision, .nameTaken,
      .pathBlocked:
      return false
    }
  }

  /// A Spirit or Opportunity image link of the Photos-API copies, dead since NASA removed those images in 2024:
  /// every photo listed there fails alike, so the command says what to do once rather than once per photo.
  package var isDeadMERLink: Bool {
    switch self {
    case .notAnImage(_, _, let hint): return hint == ImageURL.deadMERHint
    case .httpStatus(let status, let url): return (status == 404 || status == 410) && url.contains("/mer/gallery/")
    default: return false
    }
  }

  /// A local write failure (disk full, permissions) dooms every later photo too, so the run stops; so does a
  /// certificate that does not verify, which every later photo from that host would present again. A path blocked
  /// for one photo (``pathBlocked(path:reason:)``) is not fatal.
  public var isFatal: Bool {
    switch self {
    case .io, .transfer(.cannotWrite), .transfer(.untrustedCertificate): return true
    default: return false
    }
  }
}

extension DownloadError: LocalizedError {
  /// One lowercase clause naming the URL (API key redacted) or path, and what went wrong.
  public var errorDescription: String? {
    switch self {
    case .httpStatus(let status, let url):
      return "HTTP \(status) for \(url)"
    case .notAnImage(let contentType, let url, let hint):
      let type = contentType.isEmpty ? "no content type" : contentType
      return "not an image (\(type)) at \(url)" + (hint.map { ": \($0)" } ?? "")
    case .transfer(let error):
      return error.errorDescription
    case .invalidURL(let text):
      return "invalid image URL '\(text)'"
    case .io(let path, let reason), .pathBlocked(let path, let reason):
      return "cannot write \(path): \(reason)"
    case .malformedInput(let detail):
      return "unexpected input on standard input: \(detail)"
    case .invalidTemplate, .templateCollision, .nameTaken:
      return templateMessage(calling: "the name template")
    }
  }
}
