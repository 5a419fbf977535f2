import Foundation
import Testing

@testable import RoverCore

/// What `ServiceErrorBody` should read out of one error fixture.
struct ExpectedErrorBody: Sendable, CustomTestStringConvertible {
  var fixture: String
  var errors: String?
  var error: String?
  var code: String?
  var message: String?
  var retryAfter: Int?
  var text: String

  var testDescription: String { fixture }

  static let gatewayRateLimitMessage =
    "You have exceeded your rate limit. Try again later or contact us at https://api.nasa.gov:443/contact/ for assistance"
  static let marsVistaUnauthorizedMessage =
    "API key required. Provide via X-API-Key header. Sign up at https://marsvista.dev to get your API key."
  static let marsVistaQuotaMessage =
    "Rate limit exceeded. Free tier: 1000 requests/hour, 10000 requests/day. Upgrade at https://marsvista.dev/pricing"
  static let marsVistaIPMessage =
    "Rate limit exceeded. Maximum 100 requests per minute per IP address without an API key."

  static let all: [ExpectedErrorBody] = [
    // Original / nebulum (Rails).
    ExpectedErrorBody(fixture: "error-invalid-rover-400", errors: "Invalid Rover Name", text: "Invalid Rover Name"),
    ExpectedErrorBody(fixture: "error-not-found-404", error: "Not Found", text: "Not Found"),
    ExpectedErrorBody(fixture: "error-internal-500", error: "Internal Server Error", text: "Internal Server Error"),
    // Mars Vista.
    ExpectedErrorBody(
      fixture: "marsvista-error-unauthorized-401", error: "Unauthorized", message: marsVistaUnauthorizedMessage,
      text: marsVistaUnauthorizedMessage),
    ExpectedErrorBody(
      fixture: "marsvista-error-rover-404", error: "Rover 'pathfinder' not found",
      text: "Rover 'pathfinder' not found"),
    ExpectedErrorBody(
      fixture: "marsvista-error-photo-404", error: "Photo 123 not found", text: "Photo 123 not found"),
    ExpectedErrorBody(
      fixture: "marsvista-error-bad-date-400", error: "Invalid earth_date format. Use YYYY-MM-DD.",
      text: "Invalid earth_date format. Use YYYY-MM-DD."),
    ExpectedErrorBody(
      fixture: "marsvista-error-rate-limit-429", error: "Too Many Requests", message: marsVistaQuotaMessage,
      text: marsVistaQuotaMessage),
    ExpectedErrorBody(
      fixture: "marsvista-error-rate-limit-ip-429", error: "Too Many Requests", message: marsVistaIPMessage,
      retryAfter: 60, text: marsVistaIPMessage),
    // api.data.gov gateway: `error` is an object.
    ExpectedErrorBody(
      fixture: "gateway-error-key-missing-403", code: "API_KEY_MISSING",
      message: "No api_key was supplied. Get one at https://api.nasa.gov:443",
      text: "No api_key was supplied. Get one at https://api.nasa.gov:443"),
    ExpectedErrorBody(
      fixture: "gateway-error-key-invalid-403", code: "API_KEY_INVALID",
      message: "An invalid api_key was supplied. Get one at https://api.nasa.gov:443",
      text: "An invalid api_key was supplied. Get one at https://api.nasa.gov:443"),
    ExpectedErrorBody(
      fixture: "gateway-error-over-rate-limit-429", code: "OVER_RATE_LIMIT", message: gatewayRateLimitMessage,
      text: gatewayRateLimitMessage),
  ]
}

@Suite struct ServiceErrorBodyTests {
  @Test(arguments: ExpectedErrorBody.all)
  func parsesEveryErrorFixture(expected: ExpectedErrorBody) throws {
    let body = try #require(ServiceErrorBody.parse(try FixtureLoader.data(expected.fixture)))
    #expect(body.errors == expected.errors)
    #expect(body.error == expected.error)
    #expect(body.code == expected.code)
    #expect(body.message == expected.message)
    #expect(body.retryAfter == expected.retryAfter)
    #expect(body.text == expected.text)
    #expect(body.isOverRateLimit == (expected.code == "OVER_RATE_LIMIT"))
  }

  @Test func onlyTheGatewayRateLimitBodyIsOverRateLimit() throws {
    let flagged = try ExpectedErrorBody.all.filter {
      try ServiceErrorBody.parse(FixtureLoader.data($0.fixture))?.isOverRateLimit == true
    }
    #expect(flagged.map(\.fixture) == ["gateway-error-over-rate-limit-429"])
  }

  @Test func marsVistaQuotaFieldsDoNotBreakParsing() throws {
    // The body also carries hourlyLimit … dailyResetAt, tier and upgradeUrl; none of them is a retry hint.
    let body = try #require(ServiceErrorBody.parse(try FixtureLoader.data("marsvista-error-rate-limit-429")))
    #expect(body.retryAfter == nil)
    #expect(body.error == "Too Many Requests")
  }

  @Test func stringRetryAfterIsReadLeniently() throws {
    let body = try #require(ServiceErrorBody.parse(Data(#"{"error":"Too Many Requests","retryAfter":"45"}"#.utf8)))
    #expect(body.retryAfter == 45)
    #expect(body.text == "Too Many Requests")
  }

  @Test func errorObjectWithoutMessageFallsBackToItsCode() throws {
    let body = try #require(ServiceErrorBody.parse(Data(#"{"error":{"code":"OVER_RATE_LIMIT"}}"#.utf8)))
    #expect(body.code == "OVER_RATE_LIMIT")
    #expect(body.message == nil)
    #expect(body.isOverRateLimit)
    #expect(body.text == "OVER_RATE_LIMIT")
  }

  @Test func multiLineMessagesBecomeOneLine() throws {
    let body = try #require(ServiceErrorBody.parse(Data(#"{"error":"Bad","message":"line one\nline two"}"#.utf8)))
    #expect(body.text == "line one line two")
  }

  @Test func wrongShapeParsesToAnEmptyBody() throws {
    let body = try #require(ServiceErrorBody.parse(try FixtureLoader.data("unexpected-shape")))
    #expect(body.errors == nil)
    #expect(body.error == nil)
    #expect(body.code == nil)
    #expect(body.message == nil)
    #expect(body.retryAfter == nil)
    #expect(body.text == "")
    #expect(!body.isOverRateLimit)
  }

  @Test func successBodiesCarryNoError() throws {
    let body = try #require(ServiceErrorBody.parse(try FixtureLoader.data("original-photos")))
    #expect(body.text == "")
    #expect(!body.isOverRateLimit)
  }

  @Test func unparseableBodiesGiveNil() throws {
    #expect(ServiceErrorBody.parse(try FixtureLoader.data("malformed-truncated")) == nil)
    #expect(ServiceErrorBody.parse(Data()) == nil)
    #expect(ServiceErrorBody.parse(Data("<html>Bad Gateway</html>".utf8)) == nil)
    #expect(ServiceErrorBody.parse(Data(#"["errors"]"#.utf8)) == nil)
    // Bodies of 64 KiB or more are never error bodies, however they start.
    let huge = Data(#"{"errors":""#.utf8) + Data(repeating: UInt8(ascii: "x"), count: 64 * 1024) + Data(#""}"#.utf8)
    #expect(ServiceErrorBody.parse(huge) == nil)
  }
}
