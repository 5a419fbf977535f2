/// Which HTTP engine carries requests. Both behave the same for retries, redirects (credentials stripped across
/// origins), timeouts, size limits and atomic files; they differ in cost: libcurl's multi interface spends a
/// fraction of URLSession's CPU per image on Linux, while URLSession needs nothing beyond Foundation.
public enum HTTPEngineKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// libcurl, loaded when the first request is made. The default wherever the library was built with libcurl's
  /// headers (Linux).
  case curl
  /// Foundation's URLSession (FoundationNetworking on Linux). The default where libcurl's module is absent.
  case urlSession = "urlsession"

  /// The engine used when none is chosen: libcurl where this build has it, URLSession elsewhere.
  public static var preferred: HTTPEngineKind {
    #if canImport(CCurl)
      return .curl
    #else
      return .urlSession
    #endif
  }

  /// Whether this build of the library can use the engine: URLSession always, libcurl where it was built with it.
  public var isAvailable: Bool {
    #if canImport(CCurl)
      return true
    #else
      return self == .urlSession
    #endif
  }

  /// The name `ROVER_HTTP_ENGINE` takes: `curl` or `urlsession`.
  public var description: String { rawValue }
}
