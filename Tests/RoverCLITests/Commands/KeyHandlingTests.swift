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

  /// The example settings file, copied as it ships, adds no key: a placeholder key would join `auto`'s chain.
  @Test func theExampleSettingsFileCopiedAsItIsAddsNoKey() async throws {
    let config = try TestDirectory.make()
    defer { try? FileManager.default.removeItem(at: config) }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    try FileManager.default.createDirectory(
      at: config.appendingPathComponent("rover"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: root.appendingPathComponent("APIKeys.plist.example"),
      to: config.appendingPathComponent("rover/APIKeys.plist"))
    let result = try await CLI.run(["config", "--json"], environment: ["XDG_CONFIG_HOME": config.path])
    #expect(result.exitCode == 0, "\(result)")
    let object = try #require(try CLI.json(result.stdout) as? [String: Any])
    let services = try #require(object["services"] as? [[String: Any]])
    #expect(!services.isEmpty)
    #expect(
      services.allSatisfy { $0["key_from"] == nil || $0["key_from"] is NSNull || $0["service"] as? String == "nasa" })
  }
}
