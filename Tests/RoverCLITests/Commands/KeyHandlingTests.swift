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

  /// A key or password written into the base URL itself is never shown by `config`, and never written into
  /// the response cache's keys.
  @Test func aKeyInsideTheBaseURLIsRedactedInConfigAndTheCache() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let cache = try TestDirectory.make("rover-cli")
    var components = try #require(URLComponents(url: api.baseURL, resolvingAgainstBaseURL: false))
    components.queryItems = [URLQueryItem(name: "api_key", value: "URLSECRET1")]
    let base = try #require(components.string)
    let config = try await CLI.run(["config", "--base-url", base])
    #expect(config.exitCode == 0, "\(config)")
    #expect(!config.stdout.contains("URLSECRET1"), "\(config.stdout)")
    components.user = "me"
    components.password = "PASSWORD2"
    let withPassword = try await CLI.run(["config", "--base-url", try #require(components.string)])
    #expect(!withPassword.stdout.contains("PASSWORD2"), "\(withPassword.stdout)")
    let rovers = try await CLI.run(["rovers", "--base-url", base], environment: ["ROVER_CACHE_DIR": cache.path])
    #expect(rovers.exitCode == 0, "\(rovers)")
    let stored = try FileManager.default.subpathsOfDirectory(atPath: cache.path).compactMap {
      try? String(contentsOfFile: cache.path + "/" + $0, encoding: .utf8)
    }
    #expect(!stored.isEmpty)
    #expect(!stored.contains { $0.contains("URLSECRET1") })
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
