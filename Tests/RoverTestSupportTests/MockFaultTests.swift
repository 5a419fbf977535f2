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
      (.unexpectedJSON, 200, "application/json", #"{"hello":"world"}"#),
      (.overRateLimitBody(status: 200), 200, "application/json", #"{"error":{"code":"OVER_RATE_LIMIT""#),
      (.tooManyRequests(), 429, "application/json", #"{"error":"Too Many Requests""#),
      (.html(status: 200), 200, "text/html", "<!DOCTYPE html>"),
      (.notFound, 404, "application/json", #"{"status":404,"error":"Not Found"}"#),
      (.status(418, body: "tea", contentType: "text/plain", headers: ["X-Pot": "1"]), 418, "text/plain", "tea"),
    ] as [(MockFault, Int, String?, String)])
  func responses(fault: MockFault, status: Int, contentType: String?, bodyPrefix: String) async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(fault, pathPrefix: "/api/v1/rovers")
    let result = try await HTTPClient.get(api.url("/rovers"))
    #expect(result.status == status)
    #expect(result.header("content-type")?.hasPrefix(contentType ?? "") ?? (contentType == nil))
    #expect(result.text.hasPrefix(bodyPrefix))
    if bodyPrefix.isEmpty {
      #expect(result.body.isEmpty)
    }
    #expect(try await HTTPClient.get(api.url("/rovers")).status == 200, "consumed after one use")
  }

  @Test("429 carries Retry-After and the limiter's retryAfter")
  func tooManyRequests() async throws {
    let api = try MockRoverAPI(shape: .marsVista)
    defer { api.stop() }
    api.inject(.tooManyRequests(retryAfter: 7))
    let result = try await HTTPClient.get(api.url("/rovers"))
    #expect(result.status == 429)
    #expect(result.header("Retry-After") == "7")
    #expect(try result.object()["retryAfter"] as? Int == 7)
  }

  @Test("faults are consumed in injection order, each as many times as asked, before normal handling")
  func order() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.serverError, times: 2, pathPrefix: "/api/v1/rovers/curiosity")
    api.inject(.badGateway, pathPrefix: "/api/v1/")
    api.inject(.notFound, where: { $0.query("sol") == "1000" })
    #expect(api.pendingFaultCount == 4)
    var statuses: [Int] = []
    for _ in 0..<5 {
      statuses.append(try await HTTPClient.get(api.url("/rovers/curiosity/photos?sol=1000")).status)
    }
    #expect(statuses == [500, 500, 502, 404, 200])
    #expect(api.pendingFaultCount == 0)
  }

  @Test("a fault only hits matching requests")
  func matching() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.serverError, times: .max, pathPrefix: "/images/")
    #expect(try await HTTPClient.get(api.url("/rovers")).status == 200)
    #expect(try await HTTPClient.get(api.server.url("/images/a.jpg")).status == 500)
    #expect(try await HTTPClient.get(api.server.url("/images/a.jpg")).status == 500)
    api.removeAllFaults()
    #expect(try await HTTPClient.get(api.server.url("/images/a.jpg")).status == 200)
    #expect(api.requestCount == 4)
  }

  @Test("delay answers normally, late")
  func delay() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.delay(0.3))
    let start = Date()
    let result = try await HTTPClient.get(api.url("/rovers/spirit"))
    #expect(Date().timeIntervalSince(start) >= 0.3)
    #expect(try result.object()["rover"] != nil)
  }

  @Test("truncated cuts the normal body short and the client notices")
  func truncated() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.truncated(after: 20), pathPrefix: "/api/v1/rovers")
    do {
      let result = try await HTTPClient.get(api.url("/rovers"))
      #expect(result.body.count <= 20)
    } catch let error as URLError {
      #expect(error.code == .unknown || error.code == .networkConnectionLost)
    }
    #expect(api.requestCount(pathPrefix: "/api/v1/rovers") == 1)
  }

  @Test("dropConnection makes a fresh connection fail")
  func drop() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.dropConnection)
    await #expect(throws: URLError.self) { try await HTTPClient.get(api.url("/rovers")) }
    #expect(api.pendingFaultCount == 0)
  }

  @Test("redirect sends the client elsewhere")
  func redirect() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.redirect(to: "/images/moved.jpg"), pathPrefix: "/images/original.jpg")
    let result = try await HTTPClient.get(api.server.url("/images/original.jpg"))
    #expect(result.status == 200)
    #expect(result.header("content-type") == "image/jpeg")
    #expect(api.requests.map(\.path) == ["/images/original.jpg", "/images/moved.jpg"])
  }
}
