import Foundation
import RoverTestSupport
import Testing

/// Inputs whose exit code disagreed with the README's table: each is now one line and the documented code,
/// before any request.
@Suite struct ExitCodeAgreementTests {
  /// No port is past 65535: a usage error (64) at once, not retries ending in "unreachable" (69).
  @Test func aBaseURLWithAPortPast65535IsAUsageError() async throws {
    let result = try await CLI.run(["photos", "curiosity", "--sol", "5", "--base-url", "http://127.0.0.1:99999/"])
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("99999"), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
  }

  /// swift-argument-parser reads positionals in quadratic time: past the limit, the command points to standard
  /// input instead of parsing for minutes.
  @Test(arguments: ["decode", "fetch-image"])
  func tooManyNamesOnTheCommandLinePointToStandardInput(command: String) async throws {
    // Short names, so 60 000 of them stay within the system's limit on a command line's bytes.
    let names = (0..<60_000).map { String($0) }
    let result = try await CLI.run([command] + names)
    #expect(result.exitCode == 64, "\(result.stderr)")
    #expect(result.stderr.contains("standard input") && result.stderr.contains("\(command) -"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  /// A CA file with the markers but no certificate between them is the file's fault (64), said before any request,
  /// not every request failing as if the server were wrong.
  @Test func aCAFileWithMarkersButNoCertificateIsAUsageError() async throws {
    let dir = try TestDirectory.make("rover-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let ca = dir.appendingPathComponent("ca.pem")
    try Data("-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n".utf8).write(to: ca)
    let result = try await CLI.run(
      ["photos", "curiosity", "--sol", "5", "--cacert", ca.path], environment: ["ROVER_HTTP_ENGINE": "curl"])
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains(ca.path), "\(result)")
  }
}
