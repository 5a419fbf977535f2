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

  @Test func defaultsToAutoWithoutKey() throws {
    let settings = try resolve()
    #expect(settings.serviceChoice.value == .auto)
    #expect(settings.baseURL == nil)
    #expect(settings.apiKeyChoice.value == nil)
    #expect(settings.configuration(for: .nebulum).baseURL.absoluteString == "https://rovers.nebulum.one/api/v1")
  }

  /// The library reads only what it is given: no HOME in the variables, no user settings file and no cache, not
  /// the process's own home directory.
  @Test func withoutHomeThereIsNoUserFileAndNoCache() throws {
    let settings = try ConnectionSettings.resolve(flags: [], environment: [:], currentDirectory: nil)
    #expect(settings.files.isEmpty)
    #expect(settings.cacheMode.use == .disabled)
    #expect(SettingsFile.candidatePaths(environment: [:], currentDirectory: nil).isEmpty)
    #expect(ResponseCache.defaultDirectory(environment: [:]) == nil)
    // Relative XDG folders are ignored, as the XDG specification says: HOME's are used.
    let relative = ["XDG_CACHE_HOME": "rel", "XDG_CONFIG_HOME": "rel", "HOME": "/h"]
    #expect(ResponseCache.defaultDirectory(environment: relative)?.path == "/h/.cache/rover")
    #expect(
      SettingsFile.candidatePaths(environment: relative, currentDirectory: nil) == ["/h/.config/rover/APIKeys.plist"])
    let withHome = try resolve()
    #expect(withHome.cacheDirectoryChoice.value.path == emptyHome + "/.cache/rover")
    #expect(withHome.cacheMode.use == .normal)
  }

  /// Values a program passes in code are named as such, with no environment variable to set or unset.
  @Test func errorsInExplicitSettingsSpeakOfTheSettingsGiven() throws {
    let url = try #require(URL(string: "http://127.0.0.1:9/api/v1"))
    for attempt in [
      { _ = try PhotoClient(settings: ConnectionSettings(service: .auto, baseURL: url)) },
      {
        _ = try PhotoClient(settings: ConnectionSettings(service: .preset(.nebulum), baseURL: URL(string: "ftp://x")))
      },
    ] {
      let error = try #require(throws: SettingsError.self) { try attempt() }
      let text = try #require(error.errorDescription)
      #expect(text.contains("from the settings given"), "\(text)")
      #expect(!text.contains("ROVER_") && !text.contains("default"), "\(text)")
    }
  }

  /// A settings file is sized where it points: a link to a huge file is refused unread, as the file itself is.
  @Test func aLinkToAHugeSettingsFileIsRefusedUnread() throws {
    let big = emptyHome + "/big.plist"
    #expect(FileManager.default.createFile(atPath: big, contents: nil))
    #expect(truncate(big, 1 << 30) == 0)
    let link = emptyHome + "/work/APIKeys.plist"
    try FileManager.default.createDirectory(atPath: emptyHome + "/work", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: big)
    #expect(throws: SettingsError.fileTooLarge(path: link, limit: SettingsFile.maxBytes)) {
      try resolve(cwd: emptyHome + "/work")
    }
  }

  @Test func aBaseURLAloneIsAPhotosAPICopyAsBefore() throws {
    let settings = try resolve(.init(baseURL: "http://127.0.0.1:9/api/v1"))
    #expect(settings.serviceChoice.value == .preset(.nebulum))
    #expect(settings.baseURLChoice?.value.absoluteString == "http://127.0.0.1:9/api/v1")
  }

  /// Each service's own URL and key, so `auto` can be pointed at mirrors and keyed services join it.
  @Test func perServiceURLsAndKeys() throws {
    let settings = try resolve(
      env: [
        "ROVER_NASA_RAW_URL": "http://127.0.0.1:9/raw", "ROVER_MARSVISTA_KEY": "mv1", "ROVER_NASA_KEY": "n2",
        "ROVER_API_KEY": "generic",
      ])
    #expect(settings.configuration(for: .nasaRaw).baseURL.absoluteString == "http://127.0.0.1:9/raw")
    #expect(settings.configuration(for: .marsvista).apiKey == "mv1")
    #expect(settings.configuration(for: .nasa).apiKey == "n2")
    // The single key of today goes only to a service chosen with --service.
    #expect(settings.configuration(for: .nebulum).apiKey == nil)
    let chosen = try resolve(.init(service: "nebulum"), env: ["ROVER_API_KEY": "generic"])
    #expect(chosen.configuration(for: .nebulum).apiKey == "generic")
    #expect(throws: SettingsError.self) { try resolve(env: ["ROVER_NEBULUM_URL": "ftp://x"]) }
  }

  @Test func nasaUsesNasaKeyThenDemoKey() throws {
    #expect(try resolve(.init(service: "nasa")).apiKeyChoice.value == "DEMO_KEY")
    let settings = try resolve(.init(service: "nasa"), env: ["NASA_API_KEY": "n1"])
    #expect(settings.apiKeyChoice.value == "n1")
    #expect(settings.apiKeyChoice.source == .environment("NASA_API_KEY"))
    #expect(try resolve(env: ["NASA_API_KEY": "n1"]).apiKeyChoice.value == nil)
  }

  @Test func flagsBeatEnvironmentBeatFiles() throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>APIKey</key><string>file-key</string>
      <key>Service</key><string>marsvista</string><key>BaseURL</key><string>http://127.0.0.1:9/api/v1</string></dict></plist>
      """
    try plist.write(toFile: emptyHome + "/APIKeys.plist", atomically: true, encoding: .utf8)
    let fromFile = try resolve()
    #expect(fromFile.serviceChoice.value == .preset(.marsvista))
    #expect(fromFile.apiKeyChoice.value == "file-key")
    #expect(fromFile.baseURLChoice?.source == .file(emptyHome + "/APIKeys.plist"))
    let fromEnv = try resolve(
      .init(baseURL: "http://127.0.0.1:9/api/v1"), env: ["ROVER_API_KEY": "env-key", "ROVER_SERVICE": "nebulum"])
    #expect(fromEnv.apiKeyChoice.value == "env-key")
    #expect(fromEnv.serviceChoice.value == .preset(.nebulum))
    let fromFlag = try resolve(
      .init(baseURL: "http://127.0.0.1:9/api/v1", apiKey: "flag-key"), env: ["ROVER_API_KEY": "env-key"])
    #expect(fromFlag.apiKeyChoice.value == "flag-key")
    #expect(fromFlag.apiKeyChoice.source == .flag("API key"))
  }

  @Test func xdgConfigHomeIsRead() throws {
    let config = emptyHome + "/xdg"
    try FileManager.default.createDirectory(atPath: config + "/rover", withIntermediateDirectories: true)
    let plist =
      #"<?xml version="1.0"?><plist version="1.0"><dict><key>APIKey</key><string>xdg-key</string></dict></plist>"#
    try plist.write(toFile: config + "/rover/APIKeys.plist", atomically: true, encoding: .utf8)
    #expect(try resolve(env: ["XDG_CONFIG_HOME": config]).apiKeyChoice.value == "xdg-key")
  }

  @Test func rejectsUnknownServiceAndBadURL() {
    #expect(
      throws: SettingsError.unknownService(
        name: "hubble", source: "flag service", known: ServiceChoice.names)
    ) { try resolve(.init(service: "hubble")) }
    #expect(throws: SettingsError.self) { try resolve(.init(baseURL: "ftp://x")) }
    #expect(throws: SettingsError.self) { try resolve(env: ["ROVER_BASE_URL": "not a url"]) }
  }

  @Test func brokenPlistIsReported() throws {
    try "not a plist".write(toFile: emptyHome + "/APIKeys.plist", atomically: true, encoding: .utf8)
    #expect(throws: SettingsError.self) { try resolve() }
  }

  /// Running rover inside someone else's checkout: its APIKeys.plist names a URL, the user's own config has a key.
  @Test func workingDirectoryPlistCannotSendTheUsersKeyToItsURL() throws {
    let checkout = emptyHome + "/checkout"
    let config = emptyHome + "/xdg"
    try FileManager.default.createDirectory(atPath: checkout, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: config + "/rover", withIntermediateDirectories: true)
    let hostile =
      #"<?xml version="1.0"?><plist version="1.0"><dict><key>BaseURL</key>"#
      + #"<string>http://127.0.0.1:9/steal</string><key>Service</key><string>marsvista</string></dict></plist>"#
    try hostile.write(toFile: checkout + "/APIKeys.plist", atomically: true, encoding: .utf8)
    let own =
      #"<?xml version="1.0"?><plist version="1.0"><dict><key>APIKey</key><string>users-key</string></dict></plist>"#
    try own.write(toFile: config + "/rover/APIKeys.plist", atomically: true, encoding: .utf8)
    for env in [["XDG_CONFIG_HOME": config], ["ROVER_API_KEY": "users-key"]] {
      let settings = try resolve(env: env, cwd: checkout)
      #expect(settings.baseURLChoice?.value.absoluteString == "http://127.0.0.1:9/steal")
      #expect(settings.apiKeyChoice.value == nil)
      #expect(settings.apiKeyChoice.source == .withheld)
      #expect(settings.warnings.count == 1)
      #expect(settings.warnings.first?.contains("users-key") == false)
    }
    // The user's own choice of URL gets the user's key.
    let chosen = try resolve(.init(baseURL: "http://127.0.0.1:9/mine"), env: ["XDG_CONFIG_HOME": config], cwd: checkout)
    #expect(chosen.apiKeyChoice.value == "users-key")
    // A key and a URL that come together from the checkout's file go together.
    let both =
      #"<?xml version="1.0"?><plist version="1.0"><dict><key>BaseURL</key><string>http://127.0.0.1:9/x</string>"#
      + #"<key>APIKey</key><string>their-key</string></dict></plist>"#
    try both.write(toFile: checkout + "/APIKeys.plist", atomically: true, encoding: .utf8)
    #expect(try resolve(env: ["XDG_CONFIG_HOME": config], cwd: checkout).apiKeyChoice.value == "their-key")
  }
}
