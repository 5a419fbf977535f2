import Foundation
import RoverTestSupport
import Testing

/// Keys never carry control characters to a server, and settings files are small: refused before any request,
/// one line naming where the bad value came from, never the value itself.
@Suite struct KeyHandlingTests {
  static let forged = "mv_live_0123\r\nX-Injected: yes\r\nHost: evil.example"

  @Test func aKeyWithALineBreakFromTheEnvironmentIsRefused() async throws {
    let api = try MockRoverAPI(shape: .marsVista)
    defer { api.stop() }
    let result = try await CLI.run(
      ["rovers", "--service", "marsvista"], against: api, environment: ["ROVER_API_KEY": Self.forged])
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("environment ROVER_API_KEY"))
    #expect(!result.stderr.contains("Injected") && !result.stderr.contains("mv_live"))
    #expect(api.server.requestCount == 0)
  }

  @Test func aKeyWithALineBreakFromAPlistInTheWorkingDirectoryIsRefused() async throws {
    let directory = try TestDirectory.make()
    defer { try? FileManager.default.removeItem(at: directory) }
    let plist = try PropertyListSerialization.data(
      fromPropertyList: ["APIKey": Self.forged], format: .xml, options: 0)
    try plist.write(to: directory.appendingPathComponent("APIKeys.plist"))
    let api = try MockRoverAPI(shape: .marsVista)
    defer { api.stop() }
    let result = try await CLI.run(
      ["rovers", "--service", "marsvista"], against: api, currentDirectory: directory)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("APIKeys.plist"))
    #expect(!result.stderr.contains("Injected"))
    #expect(api.server.requestCount == 0)
  }

  @Test func aHugeSettingsFileIsRefusedUnread() async throws {
    let directory = try TestDirectory.make()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(repeating: 0x20, count: 70 * 1024).write(to: directory.appendingPathComponent("APIKeys.plist"))
    let result = try await CLI.run(["config"], currentDirectory: directory)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("larger than 64 KB"), "\(result.stderr)")
  }
}
