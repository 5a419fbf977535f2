import Foundation
import RoverTestSupport
import Testing

@Suite("TestRequest")
struct TestRequestTests {
  @Test("splits and decodes origin-form targets")
  func originForm() {
    let request = TestRequest(method: "GET", target: "/a%2Fb/c%20d?x=1&y=%41+B&x=2&z")
    #expect(request.path == "/a/b/c d")
    #expect(
      request.queryItems == [
        URLQueryItem(name: "x", value: "1"), URLQueryItem(name: "y", value: "A B"),
        URLQueryItem(name: "x", value: "2"), URLQueryItem(name: "z", value: nil),
      ])
    #expect(request.query("x") == "1", "the first of repeated items")
    #expect(request.query("z") == "")
  }

  @Test("accepts absolute-form targets and ignores fragments")
  func absoluteForm() {
    let request = TestRequest(method: "GET", target: "http://127.0.0.1:8080/api/v1/rovers?page=2#top")
    #expect(request.path == "/api/v1/rovers")
    #expect(request.query("page") == "2")
    #expect(TestRequest(method: "GET", target: "http://host").path == "/")
  }

  @Test("looks headers up case-insensitively")
  func headers() {
    let request = TestRequest(method: "GET", target: "/", headers: ["X-API-Key": "k", "accept": "a"])
    #expect(request.headers == ["x-api-key": "k", "accept": "a"])
    #expect(request.header("X-Api-Key") == "k")
    #expect(request.header("ACCEPT") == "a")
    #expect(request.header("missing") == nil)
  }
}
