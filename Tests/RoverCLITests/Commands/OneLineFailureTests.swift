import Foundation
import RoverTestSupport
import Testing

/// Failures said in one line (issue 37, point 7): a misspelt rover under `auto`, `--offline` with nothing cached,
/// a rate limit that ends the run.
@Suite struct OneLineFailureTests {
  /// One line on stderr in all, warnings included, and the exit code.
  func expectOneLine(_ result: RoverProcessResult, code: Int32, mentioning text: String) {
    #expect(result.exitCode == code, "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("rover: ") && result.stderr.contains(text), "\(result.stderr)")
  }

  /// The first service unreachable, the next one not knowing the name: the name is what is wrong, said once.
  @Test func aMisspeltRoverIsOneLine() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let result = try await CLI.run(
      ["photos", "curiositty", "--sol", "1"],
      environment: AutoServiceTests.environment(nebulum: nil, nasaRaw: feeds.baseURL))
    expectOneLine(result, code: 66, mentioning: "unknown rover 'curiositty'")
    #expect(result.stderr.contains("did you mean 'curiosity'"), "\(result.stderr)")
  }

  @Test(arguments: [["photos", "curiosity", "--sol", "1"], ["rovers"]])
  func offlineWithNothingCachedIsOneLine(arguments: [String]) async throws {
    let environment = AutoServiceTests.environment(nebulum: nil, nasaRaw: nil)
    let result = try await CLI.run(arguments + ["--offline"], environment: environment)
    expectOneLine(result, code: 69, mentioning: "offline and nothing cached")
  }

  /// Retries are over: the line names the host that limited, and promises no retry.
  @Test func aRateLimitThatEndsTheRunNamesTheHost() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.tooManyRequests(retryAfter: nil), times: 10, pathPrefix: "/api/v1/rovers")
    let result = try await CLI.run(["rovers", "--retries", "0"], against: api)
    expectOneLine(result, code: 75, mentioning: "rate limited by 127.0.0.1")
    #expect(!result.stderr.lowercased().contains("retry"), "\(result.stderr)")
  }
}
