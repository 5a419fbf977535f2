import Foundation

@testable import RoverCore

extension ServiceConfiguration {
  /// A preset pointed at a local server, on the engine under test, retrying `retries` times without a real wait.
  static func testing(_ preset: ServicePreset, baseURL: URL, apiKey: String? = nil, retries: Int)
    -> ServiceConfiguration
  {
    var configuration = ServiceConfiguration(preset: preset, baseURL: baseURL, apiKey: apiKey, engine: .testing)
    configuration.retryPolicy = RetryPolicy(maxRetries: retries, baseDelay: 0.01)
    return configuration
  }
}
