import Foundation

/// The engine each kind of request goes through, chosen in one place from an `HTTPEngineKind`: libcurl where this
/// build has it (Linux, for answers and images alike), URLSession when asked for or where libcurl is missing.
enum HTTPEngines {
  /// The largest answer read, decoded: a whole Curiosity manifest is about 1 MB, a real page of 500 photos about
  /// 1 MB. 8 MB keeps a hostile listing's page, its parse and the photos made of it within ~100 MB of memory
  /// (issue 38); 32 MB pages took rover to 120–183 MB.
  static let defaultMaxBodyBytes = 8 * 1024 * 1024

  /// For service answers: small JSON bodies held in memory, bounded by size (decoded) and by time (the whole answer).
  static func api(
    _ kind: HTTPEngineKind = .preferred, timeout: TimeInterval, maxConnectionsPerHost: Int = 16,
    maxBodyBytes: Int = defaultMaxBodyBytes, budget: TransferBudget? = nil, caFile: String? = nil
  ) -> any HTTPEngine {
    #if canImport(CCurl)
      if kind == .curl {
        return CurlEngine(
          maxConnections: maxConnectionsPerHost, timeout: timeout, maxBodyBytes: maxBodyBytes, budget: budget,
          caFile: caFile)
      }
    #endif
    return URLSessionEngine(
      timeout: timeout, maxConnectionsPerHost: maxConnectionsPerHost, maxBodyBytes: maxBodyBytes, budget: budget,
      caFile: caFile)
  }

  /// For image files: bodies streamed to their file, `jobs` at once, within `budget` when one is given.
  static func files(
    _ kind: HTTPEngineKind = .preferred, timeout: TimeInterval, jobs: Int, budget: TransferBudget? = nil,
    caFile: String? = nil
  ) -> any HTTPEngine {
    #if canImport(CCurl)
      if kind == .curl { return CurlEngine(maxConnections: jobs, timeout: timeout, budget: budget, caFile: caFile) }
    #endif
    return URLSessionEngine(timeout: timeout, maxConnectionsPerHost: jobs, budget: budget, caFile: caFile)
  }
}
