import Foundation
import RoverTestSupport
import Testing

/// A hostile service puts terminal escapes and bidi overrides in its text; the table and stderr show them as
/// visible escapes, JSON keeps them exact.
@Suite struct TerminalEscapeTests {
  static let hostileCamera = "\u{1B}]0;owned\u{07}CAM\u{1B}[2J\u{202E}X"

  static func hostileServer() throws -> TestHTTPServer {
    let camera = #"{"id":1,"name":"\u001b]0;owned\u0007CAM\u001b[2J\u202eX","rover_id":5,"full_name":"\r\u0000cam"}"#
    let photo =
      #"{"id":7,"sol":1,"camera":\#(camera),"img_src":"http://127.0.0.1:9/a\u001b[31m.jpg","earth_date":"2012-08-07","#
      + #""rover":{"id":5,"name":"Curiosity","landing_date":"2012-08-06","launch_date":"2011-11-26","status":"active"}}"#
    return try TestHTTPServer { request in
      if request.path.hasSuffix("/photos") { return .json(#"{"photos":[\#(photo)]}"#) }
      return .json(#"{"errors":"bad \u001b[2J\u001b]8;;http://evil\u0007link"}"#, status: 418)
    }
  }

  @Test func terminalEscapesFromAServerAreShownNotObeyedInTables() async throws {
    let server = try Self.hostileServer()
    defer { server.stop() }
    let result = try await CLI.run(
      ["photos", "curiosity", "--sol", "1", "--base-url", server.url("/api/v1").absoluteString, "--no-cache"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
    #expect(result.stdout.contains(#"\x1B]0;owned\x07CAM\x1B[2J\u{202E}X"#), "\(result.stdout)")
  }

  @Test func jsonKeepsServerTextExact() async throws {
    let server = try Self.hostileServer()
    defer { server.stop() }
    let result = try await CLI.run(
      ["photos", "curiosity", "--sol", "1", "--json", "--base-url", server.url("/api/v1").absoluteString, "--no-cache"])
    let photos = try CLI.jsonArray(result.stdout)
    #expect((photos.first?["camera"] as? [String: Any])?["name"] as? String == Self.hostileCamera)
  }

  @Test func terminalEscapesFromAServerAreShownNotObeyedOnStderr() async throws {
    let server = try Self.hostileServer()
    defer { server.stop() }
    let result = try await CLI.run(["rovers", "--base-url", server.url("/api/v1").absoluteString, "--no-cache"])
    #expect(result.exitCode == 65, "\(result)")
    #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(result.stderr.contains(#"\x1B[2J"#), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  /// A server's line breaks inside values: CSV quotes them (CRLF is one Swift Character, and was missed), and a URL
  /// stays on one line, its control bytes percent-encoded, so `--format urls | fetch-image -` reads one URL.
  static func lineBreakServer() throws -> TestHTTPServer {
    let camera = #"{"id":1,"name":"CRLF\r\n9","rover_id":5,"full_name":"A\r\nB"}"#
    let photo =
      #"{"id":7,"sol":1,"camera":\#(camera),"img_src":"http://127.0.0.1:9/a\nb c.jpg","earth_date":"2012-08-07","#
      + #""rover":{"id":5,"name":"Curiosity","landing_date":"2012-08-06","launch_date":"2011-11-26","status":"active"}}"#
    return try TestHTTPServer { _ in .json(#"{"photos":[\#(photo)]}"#) }
  }

  @Test func lineBreaksInServerValuesStayInsideTheirCSVFieldAndURLLine() async throws {
    let server = try Self.lineBreakServer()
    defer { server.stop() }
    let base = ["photos", "curiosity", "--sol", "1", "--base-url", server.url("/api/v1").absoluteString, "--no-cache"]
    let csv = try await CLI.run(base + ["--format", "csv"])
    #expect(csv.exitCode == 0, "\(csv)")
    #expect(csv.stdout.contains("\"CRLF\r\n9\""), "\(csv.stdout)")
    let urls = try await CLI.run(base + ["--format", "urls"])
    #expect(urls.stdout == "http://127.0.0.1:9/a%0Ab%20c.jpg\n", "\(urls.stdout)")
  }
}
