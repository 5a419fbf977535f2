import Foundation

/// One image GET into a file: the engine behind `Downloader`. Two implementations: libcurl's multi interface
/// (the default on Linux: a fraction of URLSession's CPU and memory per image) and URLSession.
protocol ImageFetching: Sendable {
  /// GETs `url`; a 2xx `image/*` body is written to `file`, anything else is answered without saving a body.
  func fetch(_ url: URL, to file: URL, onBytes: @escaping @Sendable (Int) -> Void) async throws -> TransferResponse
  /// Releases the engine's thread and connections once a run is over.
  func shutdown()
}

/// What one request produced; the body is on disk only when `wroteBody` is true.
struct TransferResponse: Sendable {
  var status: Int
  var contentType: String
  var contentLength: Int?
  var location: String?
  var retryAfter: TimeInterval?
  var bytesWritten: Int
  var wroteBody: Bool

  static let empty = TransferResponse(
    status: 0, contentType: "", contentLength: nil, location: nil, retryAfter: nil, bytesWritten: 0, wroteBody: false)

  /// Whether the body is worth keeping: the decision made as soon as the headers are in.
  var isKeepable: Bool { (200..<300).contains(status) && contentType.lowercased().hasPrefix("image/") }
}

/// Which engine `Downloader` uses; `ROVER_HTTP_ENGINE=urlsession` picks URLSession, for comparison.
public enum TransferEngine: String, Sendable {
  case curl
  case urlsession

  public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
    -> TransferEngine
  {
    #if canImport(CCurl)
      return environment["ROVER_HTTP_ENGINE"].flatMap(TransferEngine.init(rawValue:)) ?? .curl
    #else
      return .urlsession
    #endif
  }
}
