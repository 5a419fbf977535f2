import Foundation

@testable import RoverCore

extension ServiceConfiguration {
  /// A preset pointed at a local server, on the engine under test, retrying `retries` times without a real wait.
  ///
  /// Two minutes an answer, as the test support's own client: the servers answer on Swift's shared pool, which the
  /// CPU-heavy suites hold at the start of a run on two cores, and first answers waited past 30 s there (CI, over
  /// URLSession, whose callbacks need that pool too). Tests of the timeout set their own.
  static func testing(_ preset: ServicePreset, baseURL: URL, apiKey: String? = nil, retries: Int)
    -> ServiceConfiguration
  {
    var configuration = ServiceConfiguration(preset: preset, baseURL: baseURL, apiKey: apiKey, engine: .testing)
    configuration.retryPolicy = RetryPolicy(maxRetries: retries, baseDelay: 0.01)
    configuration.timeout = 120
    return configuration
  }
}
