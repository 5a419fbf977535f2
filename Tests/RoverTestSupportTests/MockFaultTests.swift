import Foundation
import RoverTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("MockRoverAPI fault injection")
struct MockFaultTests {
  @Test(
    "each fault produces its status, type and body",
    arguments: [
      (MockFault.serverError, 500, "application/json", #"{"status":500,"error":"Internal Server Error"}"#),
      (.emptyServerError, 500, nil, ""),
      (.badGateway, 502, "text/html", "<html>"),
      (.malformedJSON, 200, "application/json", #"{"photos":[{"id":"#),
      (.overRateLimitBody(status: 200), 200, "application/json", #"{"error":{"code":"OVER_RATE_LIMIT""#),
      (.tooManyRequests(retryAfter: 7), 429, "application/json", #"{"error":"Too Many Requests""#),
      (.html(status: 200), 200, "text/html", "<!DOCTYPE html>"),
      (.status(418, body: "tea", contentType: "text/plain", headers: ["Retry-After": "0"]), 418, "text/plain", "tea"),
    ] as [(MockFault, Int, String?, String)])
  func responses(fault: MockFault, status: Int, contentType: String?, bodyPrefix: String) async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(fault, pathPrefix: "/api/v1/rovers")
    let result = try await HTTPClient.get(api.url("/rovers"))
    #expect(result.status == status)
    #expect(result.header("content-type")?.hasPrefix(contentType ?? "") ?? (contentType == nil))
    #expect(result.text.hasPrefix(bodyPrefix) && (!bodyPrefix.isEmpty || result.body.isEmpty))
    #expect(try await HTTPClient.get(api.url("/rovers")).status == 200, "consumed after one use")
  }

  @Test("faults are taken in injection order, as many times as asked, only by matching requests")
  func order() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.serverError, times: 2, pathPrefix: "/api/v1/rovers/curiosity")
    api.inject(.badGateway, pathPrefix: "/api/v1/")
    api.inject(.notFound, where: { $0.query("sol") == "1000" })
    #expect(try await HTTPClient.get(api.url("/rovers")).status == 502)
    var statuses: [Int] = []
    for _ in 0..<4 {
      statuses.append(try await HTTPClient.get(api.url("/rovers/curiosity/photos?sol=1000")).status)
    }
    #expect(statuses == [500, 500, 404, 200])
    #expect(api.requestCount == 5)
  }

  @Test("delay and truncated wrap the normal answer")
  func wrapping() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.delay(0.3), pathPrefix: "/images/")
    let start = Date()
    #expect(try await HTTPClient.get(api.server.url("/images/a.jpg")).body.count == api.dataset.imageSize)
    #expect(Date().timeIntervalSince(start) >= 0.3)
    api.inject(.truncated(after: 10), pathPrefix: "/images/")
    do {
      let short = try await HTTPClient.get(api.server.url("/images/b.jpg"))
      #expect(short.body.count < api.dataset.imageSize)
    } catch let error as URLError {
      #expect(error.code == .unknown || error.code == .networkConnectionLost)
    }
  }
}
