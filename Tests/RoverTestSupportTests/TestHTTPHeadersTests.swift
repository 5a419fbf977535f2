import RoverTestSupport
import Testing

@Suite("TestHTTPHeaders")
struct TestHTTPHeadersTests {
  @Test("keeps literal order and repeated names, and looks up case-insensitively")
  func orderAndLookup() {
    var headers: TestHTTPHeaders = ["Set-Cookie": "a=1", "X-Thing": "x", "set-cookie": "b=2"]
    #expect(headers.map(\.name) == ["Set-Cookie", "X-Thing", "set-cookie"])
    #expect(headers["SET-COOKIE"] == "a=1")
    headers.add("X-Late", "z")
    #expect(headers.fields.last == TestHTTPHeaders.Field(name: "X-Late", value: "z"))
  }

  @Test("set replaces every line of a name in place of the first; remove drops them all")
  func setAndRemove() {
    var headers: TestHTTPHeaders = ["A": "1", "B": "2", "a": "3"]
    headers.set("A", "new")
    #expect(headers.fields == [.init(name: "A", value: "new"), .init(name: "B", value: "2")])
    headers.set("C", "4")
    #expect(headers["c"] == "4")
    headers.remove("b")
    #expect(!headers.contains("B"))
    #expect(headers.map(\.name) == ["A", "C"])
  }
}
