import Foundation
import Testing

@testable import RoverCore

@Suite struct ConnectionSettingsTests {
  let emptyHome: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("rover-settings-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  func resolve(_ flags: ConnectionSettings.Flags = .init(), env: [String: String] = [:], cwd: String? = nil) throws
    -> ConnectionSettings
  {
    try ConnectionSettings.resolve(
      flags: [flags], environment: env.merging(["HOME": emptyHome]) { a, _ in a }, currentDirectory: cwd ?? emptyHome)
  }

  @Test func defaultsToNebulumWithoutKey() throws {
    let settings = try resolve()
    #expect(settings.service.value == .nebulum)
    #expect(settings.baseURL.value.absoluteString == "https://rovers.nebulum.one/api/v1")
    #expect(settings.apiKey.value == nil)
  }

  @Test func nasaUsesNasaKeyThenDemoKey() throws {
    #expect(try resolve(.init(service: "nasa")).apiKey.value == "DEMO_KEY")
    let settings = try resolve(.init(service: "nasa"), env: ["NASA_API_KEY": "n1"])
    #expect(settings.apiKey.value == "n1")
    #expect(settings.apiKey.source == .environment("NASA_API_KEY"))
    #expect(try resolve(env: ["NASA_API_KEY": "n1"]).apiKey.value == nil)
  }

  @Test func flagsBeatEnvironmentBeatFiles() throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>APIKey</key><string>file-key</string>
      <key>Service</key><string>marsvista</string><key>BaseURL</key><string>http://127.0.0.1:9/api/v1</string></dict></plist>
      """
    try plist.write(toFile: emptyHome + "/APIKeys.plist", atomically: true, encoding: .utf8)
    let fromFile = try resolve()
    #expect(fromFile.service.value == .marsvista)
    #expect(fromFile.apiKey.value == "file-key")
    #expect(fromFile.baseURL.source == .file(emptyHome + "/APIKeys.plist"))
    let fromEnv = try resolve(env: ["ROVER_API_KEY": "env-key", "ROVER_SERVICE": "nebulum"])
    #expect(fromEnv.apiKey.value == "env-key")
    #expect(fromEnv.service.value == .nebulum)
    let fromFlag = try resolve(.init(apiKey: "flag-key"), env: ["ROVER_API_KEY": "env-key"])
    #expect(fromFlag.apiKey.value == "flag-key")
    #expect(fromFlag.apiKey.source == .flag("--api-key"))
  }

  @Test func xdgConfigHomeIsRead() throws {
    let config = emptyHome + "/xdg"
    try FileManager.default.createDirectory(atPath: config + "/rover", withIntermediateDirectories: true)
    let plist =
      #"<?xml version="1.0"?><plist version="1.0"><dict><key>APIKey</key><string>xdg-key</string></dict></plist>"#
    try plist.write(toFile: config + "/rover/APIKeys.plist", atomically: true, encoding: .utf8)
    #expect(try resolve(env: ["XDG_CONFIG_HOME": config]).apiKey.value == "xdg-key")
  }

  @Test func rejectsUnknownServiceAndBadURL() {
    #expect(
      throws: SettingsError.unknownService(
        name: "hubble", source: "flag --service", known: ServicePreset.allCases.map(\.rawValue))
    ) { try resolve(.init(service: "hubble")) }
    #expect(throws: SettingsError.self) { try resolve(.init(baseURL: "ftp://x")) }
    #expect(throws: SettingsError.self) { try resolve(env: ["ROVER_BASE_URL": "not a url"]) }
  }

  @Test func brokenPlistIsReported() throws {
    try "not a plist".write(toFile: emptyHome + "/APIKeys.plist", atomically: true, encoding: .utf8)
    #expect(throws: SettingsError.self) { try resolve() }
  }
}
