import Foundation
import RoverTestSupport
import Testing

@Suite("MockRoverAPI, NASA gateway shape")
struct MockRoverAPIGatewayTests {
  @Test("api_key is required and checked, with api.data.gov's 403 bodies")
  func keys() async throws {
    let api = try MockRoverAPI(shape: .nasaGateway, apiKey: "REAL_KEY")
    defer { api.stop() }
    let missing = try await HTTPClient.get(api.url("/rovers"))
    #expect(missing.status == 403)
    let expected =
      #"{"error":{"code":"API_KEY_MISSING","message":"No api_key was supplied. "#
      + #"Get one at https://api.nasa.gov:443"}}"#
    #expect(missing.text == expected)
    let wrong = try await HTTPClient.get(api.url("/rovers?api_key=DEMO_KEY"))
    #expect(wrong.status == 403)
    #expect(wrong.text.contains(#""code":"API_KEY_INVALID""#))
    let header = try await HTTPClient.get(api.url("/rovers"), headers: ["X-Api-Key": "REAL_KEY"])
    #expect(header.status == 403, "only the query parameter counts")
    #expect(try await HTTPClient.get(api.url("/rovers?api_key=REAL_KEY")).status == 200)
  }

  @Test("serves the original shapes and rules behind the key")
  func originalBehindGateway() async throws {
    let api = try MockRoverAPI(shape: .nasaGateway)
    defer { api.stop() }
    let photos = try await HTTPClient.get(api.url("/rovers/curiosity/photos?sol=1000&api_key=DEMO_KEY"))
    #expect(try #require(try photos.object()["photos"] as? [Any]).count == 60)
    let unknown = try await HTTPClient.get(api.url("/rovers/pluto/photos?sol=1&api_key=DEMO_KEY"))
    #expect(unknown.status == 400)
    #expect(unknown.text == #"{"errors":"Invalid Rover Name"}"#)
    #expect(unknown.header("X-RateLimit-Remaining") == "998")
  }

  @Test("X-RateLimit headers count down, then 429 OVER_RATE_LIMIT")
  func rateLimit() async throws {
    let api = try MockRoverAPI(shape: .nasaGateway, rateLimitPerHour: 2)
    defer { api.stop() }
    let url = api.url("/rovers/spirit?api_key=DEMO_KEY")
    let first = try await HTTPClient.get(url)
    #expect(first.header("X-RateLimit-Limit") == "2")
    #expect(first.header("X-RateLimit-Remaining") == "1")
    #expect(try await HTTPClient.get(url).header("X-RateLimit-Remaining") == "0")
    let over = try await HTTPClient.get(url)
    #expect(over.status == 429)
    #expect(over.header("X-RateLimit-Remaining") == "0")
    #expect(over.header("Retry-After") == nil)
    let error = try #require(try over.object()["error"] as? [String: Any])
    #expect(error["code"] as? String == "OVER_RATE_LIMIT")
    #expect(api.rateLimitRemaining == 0)
  }
}
