import Foundation
import RoverTestSupport
import Testing

/// A listing redirected to a cloud's metadata address is refused, naming the target, before any request goes
/// there (it used to be followed, and its 403 reported as "rate limited").
@Suite struct PrivateRedirectTests {
  @Test(arguments: ["curl", "urlsession"])
  func aRedirectToALinkLocalAddressIsRefusedNamingIt(engine: String) async throws {
    let server = try TestHTTPServer { _ in .redirect(to: "http://169.254.169.254/latest/meta-data/") }
    defer { server.stop() }
    let result = try await CLI.run(
      [
        "photos", "curiosity", "--sol", "5", "--service", "nebulum", "--base-url", server.url("/api/v1").absoluteString,
        // A minute: at the start of a loaded run the in-process server may answer after seconds, and a retry's
        // warning would be a second line; what is checked is the refusal.
        "--timeout", "60",
      ],
      environment: ["ROVER_HTTP_ENGINE": engine])
    #expect(result.exitCode == 69, "\(result)")
    #expect(result.stderr.contains("169.254.169.254") && result.stderr.contains("does not follow"), "\(result)")
    #expect(!result.stderr.contains("rate limited"), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
  }
}
