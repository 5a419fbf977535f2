import Foundation
import RoverTestSupport
import Testing

@Suite("TestResponse")
struct TestResponseTests {
  @Test("constructors fill in content type without duplicating a given one")
  func contentTypes() {
    #expect(TestResponse.json("{}").headers["Content-Type"] == "application/json; charset=utf-8")
    #expect(TestResponse.text("x").headers["content-type"] == "text/plain; charset=utf-8")
    #expect(TestResponse.html("x").headers["Content-Type"] == "text/html; charset=utf-8")
    let custom = TestResponse.json("{}", headers: ["content-type": "application/vnd.api+json"])
    #expect(custom.headers.filter { $0.name.lowercased() == "content-type" }.count == 1)
    #expect(custom.headers["Content-Type"] == "application/vnd.api+json")
  }

  @Test("redirect, empty, dropped and the copy helpers")
  func helpers() {
    let redirect = TestResponse.redirect(to: "/next", status: 301)
    #expect(redirect.status == 301)
    #expect(redirect.headers["Location"] == "/next")
    #expect(TestResponse.empty().status == 204)
    #expect(TestResponse.empty().body.isEmpty)
    #expect(TestResponse.dropped.dropConnection)
    let slow = TestResponse.text("x").delayed(by: 0.5).delayed(by: 0.25).adding("X-A", "1")
    #expect(slow.delay == 0.75)
    #expect(slow.headers["x-a"] == "1")
  }
}
