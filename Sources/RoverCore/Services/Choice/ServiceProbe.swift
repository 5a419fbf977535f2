import Foundation

/// `rover services`: asks every service about every rover it serves, all at once with a short timeout and no
/// retry or cache, and says which answer, how fast, and the newest sol each knows.
package struct ServiceProbe: Sendable {
  package struct Result: Sendable, Encodable {
    package var service: String
    package var rover: String
    package var reachable: Bool
    package var latencyMS: Int?
    package var maxSol: Int?
    package var error: String?

    enum CodingKeys: String, CodingKey {
      case service, rover, reachable, error
      case latencyMS = "latency_ms"
      case maxSol = "max_sol"
    }
  }

  /// The rovers each service has photos of.
  package static func rovers(of preset: ServicePreset) -> [String] {
    let missions: [Mission] =
      switch preset {
      case .nebulum, .nasa, .marsvista: [.curiosity, .perseverance, .spirit, .opportunity]
      case .nasaRaw: [.curiosity, .perseverance, .ingenuity, .insight]
      case .pds: [.spirit, .opportunity]
      }
    return missions.map(\.rawValue)
  }

  package let settings: ConnectionSettings
  package var timeout: TimeInterval = 5

  package init(settings: ConnectionSettings) {
    self.settings = settings
  }

  package func run() async throws -> [Result] {
    var probe = settings
    probe.timeout = min(settings.timeout, timeout)
    probe.retryPolicy = RetryPolicy(maxRetries: 0)
    probe.cacheMode = CacheMode(.disabled)
    let pairs = ServicePreset.allCases.flatMap { preset in Self.rovers(of: preset).map { (preset, $0) } }
    let settings = probe
    return try await BoundedConcurrency.map(pairs, width: 16) { preset, rover in
      let service = ServiceFactory.client(preset, settings: settings, events: nil)
      let started = Date()
      do {
        let answer = try await service.rover(named: rover)
        return Result(
          service: preset.rawValue, rover: rover, reachable: true,
          latencyMS: Int(Date().timeIntervalSince(started) * 1000), maxSol: answer.maxSol, error: nil)
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        // Reachable means an HTTP answer came back: a refused key, an unknown rover or a 503 all say the host is
        // there; a name that does not resolve or a refused connection say nothing came back at all.
        // A certificate that does not verify gave no HTTP answer either.
        var reachable = !ServiceError.isUnanswered(error)
        if case HTTPError.untrustedCertificate = error { reachable = false }
        return Result(
          service: preset.rawValue, rover: rover, reachable: reachable,
          latencyMS: reachable ? Int(Date().timeIntervalSince(started) * 1000) : nil, maxSol: nil,
          error: (error as? LocalizedError)?.errorDescription ?? "\(error)")
      }
    }
  }
}
