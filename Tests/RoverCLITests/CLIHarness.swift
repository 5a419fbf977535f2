import Foundation
import RoverTestSupport

/// Runs `rover` against a mock service, with retries made fast so failure paths do not sleep for real.
enum CLI {
  static let fastRetries = ["ROVER_RETRY_BASE_DELAY": "0.01"]

  static func run(
    _ arguments: [String], against api: MockRoverAPI? = nil, service: String? = nil,
    environment: [String: String] = [:], stdin: Data? = nil, currentDirectory: URL? = nil
  ) async throws -> RoverProcessResult {
    var full = arguments
    if let api { full += ["--base-url", api.baseURL.absoluteString] }
    if let service { full += ["--service", service] }
    return try await RoverProcess.run(
      full, environment: fastRetries.merging(environment) { _, new in new }, stdin: stdin,
      currentDirectory: currentDirectory)
  }

  /// `--service nasa-raw --base-url <feeds>`: what points `rover` at the local raw feeds.
  static func options(_ feeds: MockRawFeeds) -> [String] {
    ["--service", "nasa-raw", "--base-url", feeds.baseURL.absoluteString]
  }

  /// `--service pds --base-url <pds>`: what points `rover` at the local PDS Atlas.
  static func options(_ pds: MockPDS) -> [String] {
    ["--service", "pds", "--base-url", pds.baseURL.absoluteString]
  }

  /// `rover` against the local raw feeds, their options first.
  static func run(_ arguments: [String], against feeds: MockRawFeeds, environment: [String: String] = [:])
    async throws -> RoverProcessResult
  {
    try await run(options(feeds) + arguments, environment: environment)
  }

  /// `rover` against the local PDS Atlas, its options first.
  static func run(_ arguments: [String], against pds: MockPDS, environment: [String: String] = [:]) async throws
    -> RoverProcessResult
  {
    try await run(options(pds) + arguments, environment: environment)
  }

  static func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
  }

  static func jsonArray(_ text: String) throws -> [[String: Any]] {
    guard let array = try json(text) as? [[String: Any]] else { throw HarnessError("not a JSON array: \(text)") }
    return array
  }

  static func jsonLines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
      guard let object = try json(String(line)) as? [String: Any] else { throw HarnessError("not an object: \(line)") }
      return object
    }
  }
}

struct HarnessError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
