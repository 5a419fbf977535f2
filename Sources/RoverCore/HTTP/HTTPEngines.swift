import Foundation

/// The engine each kind of request goes through, chosen in one place: libcurl where it is (Linux, for answers and
/// images alike), URLSession elsewhere, so the library still builds on other systems.
public enum HTTPEngines {
  /// The largest answer read, decoded: a whole Curiosity manifest is about 1 MB, a page of 500 photos 300 KB.
  public static let defaultMaxBodyBytes = 32 * 1024 * 1024

  /// For service answers: small JSON bodies held in memory, bounded by size (decoded) and by time (the whole answer).
  public static func api(
    timeout: TimeInterval, maxConnectionsPerHost: Int = 16, maxBodyBytes: Int = defaultMaxBodyBytes
  ) -> any HTTPEngine {
    #if canImport(CCurl)
      return CurlEngine(maxConnections: maxConnectionsPerHost, timeout: timeout, maxBodyBytes: maxBodyBytes)
    #else
      return URLSessionEngine(
        timeout: timeout, maxConnectionsPerHost: maxConnectionsPerHost, maxBodyBytes: maxBodyBytes)
    #endif
  }

  /// For image files: bodies streamed to their file, `jobs` at once.
  public static func files(timeout: TimeInterval, jobs: Int) -> any HTTPEngine {
    #if canImport(CCurl)
      return CurlEngine(maxConnections: jobs, timeout: timeout)
    #else
      return URLSessionEngine(timeout: timeout, maxConnectionsPerHost: jobs)
    #endif
  }
}
