import Foundation
import RoverTestSupport
import Testing

/// Every failure a user can meet: one line on stderr naming the input, nothing on stdout, a distinct exit code.
@Suite struct FailureExitCodeTests {
  func expectOneLineError(_ result: RoverProcessResult, code: Int32, mentioning text: String) {
    #expect(result.exitCode == code, "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
    let lines = result.stderr.split(separator: "\n").filter { !$0.contains("warning:") }
    #expect(lines.count == 1, "\(result)")
    #expect(lines.first?.hasPrefix("rover: ") == true, "\(result)")
    #expect(result.stderr.contains(text), "\(result)")
  }

  @Test(arguments: [
    (["photos", "curiosity"], "--sol"),
    (["photos", "curiosity", "--sol", "1", "--latest"], "exactly one"),
    (["photos", "curiosity", "--earth-date", "2015-02-30"], "2015-02-30"),
    (["photos", "curiosity", "--earth-date", "2015-6-3"], "2015-6-3"),
    (["photos", "curiosity", "--sol=-1"], "-1"),
    (["photos", "curiosity", "--sol", "x"], "x"),
    (["photos", "curiosity", "--sol", "1", "--page", "0"], "--page"),
    (["sols", "curiosity", "--from", "9", "--to", "3"], "--from 9"),
    (["rovers", "--format", "yaml"], "yaml"),
    (["rovers", "--service", "hubble"], "hubble"),
    (["rovers", "--base-url", "ftp://example"], "ftp://example"),
    (["rovers", "--timeout", "0"], "--timeout"),
    (["fetch-image", "curiosity", "--sol", "1", "--name", "../{id}"], ".."),
    (["fetch-image", "curiosity", "--sol", "1", "--name", "{nope}"], "{nope}"),
    (["fetch-image", "curiosity", "--sol", "1", "-j", "0"], "--jobs"),
  ])
  func badUsageIs64BeforeAnyRequest(arguments: [String], mentioning text: String) async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let hasBaseURL = arguments.contains("--base-url")
    let result = try await CLI.run(arguments, against: hasBaseURL ? nil : api)
    expectOneLineError(result, code: 64, mentioning: text)
    #expect(api.requestCount == 0)
  }

  @Test(arguments: [MockServiceShape.original, .marsVista])
  func unknownRoverIs66(shape: MockServiceShape) async throws {
    let api = try MockRoverAPI(shape: shape)
    defer { api.stop() }
    let result = try await CLI.run(
      ["photos", "zhurong", "--sol", "1"], against: api, service: shape == .marsVista ? "marsvista" : nil)
    expectOneLineError(result, code: 66, mentioning: "zhurong")
  }

  @Test func unknownPhotoIs66() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    expectOneLineError(try await CLI.run(["photo", "999"], against: api), code: 66, mentioning: "999")
  }

  @Test func missingOrWrongKeyIs77AndNeverPrinted() async throws {
    let api = try MockRoverAPI(shape: .marsVista, apiKey: "mv_live_right")
    defer { api.stop() }
    let missing = try await CLI.run(["rovers"], against: api, service: "marsvista")
    expectOneLineError(missing, code: 77, mentioning: "API key")
    let wrong = try await CLI.run(
      ["rovers", "--verbose"], against: api, service: "marsvista", environment: ["ROVER_API_KEY": "mv_live_wrong"])
    #expect(wrong.exitCode == 77)
    #expect(!wrong.stderr.contains("mv_live_wrong"))
  }

  @Test func gatewayKeyIsRedactedInURLsAndLogs() async throws {
    let api = try MockRoverAPI(shape: .nasaGateway, apiKey: "SECRET_KEY_123")
    defer { api.stop() }
    let result = try await CLI.run(
      ["rovers", "--verbose"], against: api, service: "nasa", environment: ["NASA_API_KEY": "SECRET_KEY_123"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("api_key=REDACTED"))
    #expect(!result.stderr.contains("SECRET_KEY_123"))
    #expect(api.requests.allSatisfy { $0.query("api_key") == "SECRET_KEY_123" })
    let refused = try await CLI.run(
      ["rovers"], against: api, service: "nasa", environment: ["NASA_API_KEY": "SECRET_KEY_999"])
    expectOneLineError(refused, code: 77, mentioning: "invalid api_key")
    #expect(!refused.stderr.contains("SECRET_KEY_999"))
    let config = try await CLI.run(["config"], service: "nasa", environment: ["NASA_API_KEY": "SECRET_KEY_999"])
    #expect(config.stdout.contains("REDACTED"))
    #expect(config.stdout.contains("environment NASA_API_KEY"))
    #expect(!config.stdout.contains("SECRET_KEY_999"))
  }

  @Test func lowRateLimitRemainingIsWarnedOnceOnStderr() async throws {
    let api = try MockRoverAPI(shape: .nasaGateway, apiKey: "k123", rateLimitPerHour: 7)
    defer { api.stop() }
    let plenty = try await CLI.run(["rovers"], against: api, service: "nasa", environment: ["NASA_API_KEY": "k123"])
    #expect(plenty.exitCode == 0, "\(plenty)")
    #expect(plenty.stderr.isEmpty, "6 of 7 left is not low")
    let low = try await CLI.run(
      ["photos", "perseverance", "--sol", "100", "--page", "1", "--no-cache"], against: api, service: "nasa",
      environment: ["NASA_API_KEY": "k123"])
    #expect(low.exitCode == 0, "\(low)")
    let warnings = low.stderr.split(separator: "\n").filter { $0.contains("requests left in this rate-limit window") }
    #expect(warnings == ["rover: warning: 5 of 7 requests left in this rate-limit window"], "\(low)")
    #expect(!low.stdout.contains("requests left"))
  }

  @Test func rateLimitIsRetriedHonouringRetryAfter() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.tooManyRequests(retryAfter: 1), times: 1, pathPrefix: "/api/v1/rovers")
    let started = Date()
    let result = try await CLI.run(["rovers", "--json"], against: api)
    #expect(result.exitCode == 0, "\(result)")
    #expect(Date().timeIntervalSince(started) >= 1)
    #expect(api.requestCount(pathPrefix: "/api/v1/rovers") == 2)
    #expect(result.stderr.contains("retry 1"))
  }

  @Test func rateLimitAfterRetriesIs75() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.tooManyRequests(retryAfter: nil), times: 10, pathPrefix: "/api/v1/rovers")
    let result = try await CLI.run(["rovers", "--retries", "2"], against: api)
    expectOneLineError(result, code: 75, mentioning: "rate limited")
    #expect(api.requestCount == 3)
  }

  @Test func overRateLimitBodyWithStatus200Is75() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.overRateLimitBody(status: 200), times: 10, pathPrefix: "/api/v1/rovers")
    let result = try await CLI.run(["rovers", "--retries", "0"], against: api)
    expectOneLineError(result, code: 75, mentioning: "rate limit")
  }

  @Test func serverErrorsAreRetriedThenSucceed() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.serverError, times: 1, pathPrefix: "/api/v1/rovers")
    api.inject(.badGateway, times: 1, pathPrefix: "/api/v1/rovers")
    let result = try await CLI.run(["rovers", "--json"], against: api)
    #expect(result.exitCode == 0, "\(result)")
    #expect(api.requestCount == 3)
  }

  @Test func persistentServerErrorIs69() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.emptyServerError, times: 10, pathPrefix: "/api/v1/rovers")
    expectOneLineError(try await CLI.run(["rovers"], against: api), code: 69, mentioning: "HTTP 500")
    #expect(api.requestCount == 4)
  }

  @Test func deadNetworkIs69() async throws {
    let result = try await CLI.run(["rovers", "--base-url", "http://127.0.0.1:9/api/v1", "--retries", "1"])
    expectOneLineError(result, code: 69, mentioning: "127.0.0.1:9")
  }

  @Test func droppedConnectionIsRetried() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.dropConnection, times: 1, pathPrefix: "/api/v1/rovers")
    let result = try await CLI.run(["rovers", "--json"], against: api)
    #expect(result.exitCode == 0, "\(result)")
  }

  @Test func slowServiceTimesOutAs69() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.delay(5), times: 5, pathPrefix: "/api/v1/rovers")
    let result = try await CLI.run(["rovers", "--timeout", "1", "--retries", "0"], against: api)
    expectOneLineError(result, code: 69, mentioning: "within 1s")
  }

  @Test func ctrlCDuringAListingIs130() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.delay(120), times: 1, pathPrefix: "/api/v1/rovers")
    let child = try RoverProcess.start(["rovers", "--base-url", api.baseURL.absoluteString, "--timeout", "180"])
    try await child.waitUntil("the request reached the server", timeout: 90) { _ in api.server.activeRequests > 0 }
    child.interrupt()
    let result = try await child.wait(timeout: 20)
    expectOneLineError(result, code: 130, mentioning: "interrupted")
  }

  @Test(arguments: [MockFault.malformedJSON, .unexpectedJSON, .html(status: 200)])
  func malformedResponsesAre65(fault: MockFault) async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(fault, times: 1, pathPrefix: "/api/v1/rovers")
    expectOneLineError(try await CLI.run(["rovers"], against: api), code: 65, mentioning: "/api/v1/rovers")
  }
}
