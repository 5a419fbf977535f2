import Foundation

/// Every connection setting after applying every source once, highest first: flags (after the subcommand name,
/// then before it), environment, `APIKeys.plist` files, then the preset's defaults. Commands receive this value
/// and nothing reads the environment after it.
public struct ConnectionSettings: Sendable {
  public var service: Sourced<ServiceChoice>
  /// The chosen preset's base URL (`--base-url`, `ROVER_BASE_URL`, `BaseURL`, or its default); nil under `auto`.
  public var baseURL: Sourced<URL>?
  /// The chosen preset's key; never sent anywhere under `auto` (each service has its own key there).
  public var apiKey: Sourced<String?>
  /// Per-service base URLs from `ROVER_<SERVICE>_URL`, so mirrors and tests can point `auto` anywhere.
  public var presetURLs: [ServicePreset: Sourced<URL>]
  /// Per-service keys: `ROVER_MARSVISTA_KEY`, `ROVER_NASA_KEY` (or `NASA_API_KEY`), `MarsVistaKey`/`NASAKey`.
  public var presetKeys: [ServicePreset: Sourced<String>]
  public var cacheDirectory: Sourced<URL>
  public var cacheMaxBytes: Sourced<Int>
  public var timeout: TimeInterval
  public var retryPolicy: RetryPolicy
  public var cacheMode: CacheMode
  public var verbose: Bool
  public var files: [String]
  /// Things the user should know about the settings themselves (a key withheld), for the CLI to print.
  public var warnings: [String] = []

  public static let defaultTimeout: TimeInterval = 30
  public static let defaultRetries = 3

  /// What the user typed in one place; nil (or false) means "not given".
  public struct Flags: Sendable {
    public var service: String?
    public var baseURL: String?
    public var apiKey: String?
    public var timeout: TimeInterval?
    public var retries: Int?
    public var verbose = false
    public var cacheUse: CacheMode.Use?
    public var maxAge: TimeInterval?

    public init(
      service: String? = nil, baseURL: String? = nil, apiKey: String? = nil, timeout: TimeInterval? = nil,
      retries: Int? = nil, verbose: Bool = false, cacheUse: CacheMode.Use? = nil, maxAge: TimeInterval? = nil
    ) {
      self.service = service
      self.baseURL = baseURL
      self.apiKey = apiKey
      self.timeout = timeout
      self.retries = retries
      self.verbose = verbose
      self.cacheUse = cacheUse
      self.maxAge = maxAge
    }
  }

  /// `flags` highest precedence first: a value given after the subcommand name wins over one given before it.
  public static func resolve(
    flags: [Flags], environment: [String: String],
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) throws -> ConnectionSettings {
    let files = try SettingsFile.candidatePaths(environment: environment, currentDirectory: currentDirectory)
      .compactMap { try SettingsFile.load(path: $0) }
    let lookup = SettingLookup(flags: flags, environment: environment, files: files)

    let baseText = lookup.first(\.baseURL, flagName: "--base-url", env: ["ROVER_BASE_URL"], file: "BaseURL")
    let service: Sourced<ServiceChoice>
    if let text = lookup.first(\.service, flagName: "--service", env: ["ROVER_SERVICE"], file: "Service") {
      guard let choice = ServiceChoice(name: text.value) else {
        throw SettingsError.unknownService(name: text.value, source: "\(text.source)", known: ServiceChoice.names)
      }
      service = Sourced(choice, from: text.source)
    } else if let baseText {
      // A base URL alone means a Photos-API copy there, as it always did: no fallback.
      service = Sourced(.preset(.nebulum), from: baseText.source)
    } else {
      service = Sourced(.auto, from: .builtIn)
    }

    var baseURL: Sourced<URL>?
    if case .preset(let preset) = service.value {
      if let text = baseText {
        baseURL = Sourced(try parseBaseURL(text.value, source: text.source), from: text.source)
      } else if let own = try presetURL(preset, environment: environment) {
        baseURL = own
      } else {
        baseURL = Sourced(preset.defaultBaseURL, from: .preset(preset.rawValue))
      }
    } else if let text = baseText {
      throw SettingsError.invalidBaseURL(
        text: text.value, source: "\(text.source) (with --service auto, give ROVER_<SERVICE>_URL instead)")
    }

    let chosen: ServicePreset? = if case .preset(let preset) = service.value { preset } else { nil }
    let keyEnvironment = chosen == .nasa ? ["ROVER_API_KEY", "NASA_API_KEY"] : ["ROVER_API_KEY"]
    var apiKey: Sourced<String?>
    if let key = lookup.first(\.apiKey, flagName: "--api-key", env: keyEnvironment, file: "APIKey") {
      apiKey = Sourced(key.value, from: key.source)
    } else if let chosen,
      let own = lookup.first(nil, flagName: "", env: Self.keyVariables(chosen), file: Self.keyFileName(chosen))
    {
      apiKey = Sourced(own.value, from: own.source)
    } else if let fallback = chosen?.defaultAPIKey {
      apiKey = Sourced(fallback, from: .preset(chosen?.rawValue ?? ""))
    } else {
      apiKey = Sourced(nil, from: .builtIn)
    }
    var presetURLs: [ServicePreset: Sourced<URL>] = [:]
    var presetKeys: [ServicePreset: Sourced<String>] = [:]
    for preset in ServicePreset.allCases {
      presetURLs[preset] = try presetURL(preset, environment: environment)
      presetKeys[preset] = lookup.first(
        nil, flagName: "", env: Self.keyVariables(preset), file: Self.keyFileName(preset))
    }
    var warnings: [String] = []
    // Someone else's checkout must not be able to send the user's key to a host of its choosing: a base URL from
    // the working directory's plist only ever receives a key from that same file.
    let workingFile = SettingSource.file(currentDirectory + "/" + SettingsFile.name)
    if let baseURL, baseURL.source == workingFile, apiKey.value != nil, apiKey.source != workingFile,
      apiKey.source != .preset(chosen?.rawValue ?? "")
    {
      warnings.append(
        "not sending the API key from \(apiKey.source) to \(Redactor.redactKeyParameters(baseURL.value.absoluteString)), "
          + "which comes from \(workingFile); give --base-url to choose that URL yourself")
      apiKey = Sourced(nil, from: .withheld)
    }

    let cacheDirectory: Sourced<URL>
    if let dir = lookup.first(nil, flagName: "", env: ["ROVER_CACHE_DIR"], file: "CacheDir") {
      cacheDirectory = Sourced(URL(fileURLWithPath: (dir.value as NSString).expandingTildeInPath), from: dir.source)
    } else {
      cacheDirectory = Sourced(ResponseCache.defaultDirectory(environment: environment), from: .builtIn)
    }
    let cacheMaxBytes: Sourced<Int>
    if let size = lookup.first(nil, flagName: "", env: ["ROVER_CACHE_SIZE"], file: "CacheSize") {
      guard let bytes = ByteCountText.parse(size.value) else {
        throw SettingsError.invalidCacheSize(text: size.value, source: "\(size.source)")
      }
      cacheMaxBytes = Sourced(bytes, from: size.source)
    } else {
      cacheMaxBytes = Sourced(ResponseCache.defaultMaxBytes, from: .builtIn)
    }

    // A tuning knob for slow links, and for the tests, which should not sleep for real backoff delays.
    let baseDelay = environment["ROVER_RETRY_BASE_DELAY"].flatMap(Double.init).map { max(0, $0) } ?? 0.5
    let retries = flags.lazy.compactMap(\.retries).first ?? defaultRetries
    return ConnectionSettings(
      service: service, baseURL: baseURL, apiKey: apiKey, presetURLs: presetURLs, presetKeys: presetKeys,
      cacheDirectory: cacheDirectory,
      cacheMaxBytes: cacheMaxBytes, timeout: flags.lazy.compactMap(\.timeout).first ?? defaultTimeout,
      retryPolicy: RetryPolicy(maxRetries: retries, baseDelay: baseDelay),
      cacheMode: CacheMode(
        flags.lazy.compactMap(\.cacheUse).first ?? .normal, maxAge: flags.lazy.compactMap(\.maxAge).first),
      verbose: flags.contains { $0.verbose }, files: files.map(\.path), warnings: warnings)
  }

  /// The base URL must be absolute http(s); anything else is a typo we can name before any request.
  static func parseBaseURL(_ text: String, source: SettingSource) throws -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = url.host, !host.isEmpty
    else {
      throw SettingsError.invalidBaseURL(text: text, source: "\(source)")
    }
    return url
  }

  /// `ROVER_NASA_RAW_URL` and the like: a service's own base URL from the environment.
  static func presetURL(_ preset: ServicePreset, environment: [String: String]) throws -> Sourced<URL>? {
    let name = "ROVER_" + preset.rawValue.uppercased().replacingOccurrences(of: "-", with: "_") + "_URL"
    guard let text = environment[name], !text.isEmpty else { return nil }
    return Sourced(try parseBaseURL(text, source: .environment(name)), from: .environment(name))
  }

  static func keyVariables(_ preset: ServicePreset) -> [String] {
    switch preset {
    case .marsvista: return ["ROVER_MARSVISTA_KEY"]
    case .nasa: return ["ROVER_NASA_KEY", "NASA_API_KEY"]
    default: return []
    }
  }

  static func keyFileName(_ preset: ServicePreset) -> String {
    switch preset {
    case .marsvista: return "MarsVistaKey"
    case .nasa: return "NASAKey"
    default: return "-"
    }
  }

  /// How to reach one service: the chosen one with its own URL and key, any other (under `auto`) with its
  /// per-service URL and key, or its defaults.
  public func configuration(for preset: ServicePreset) -> ServiceConfiguration {
    let isChosen = service.value == .preset(preset)
    let url = isChosen ? baseURL?.value : presetURLs[preset]?.value
    let key = isChosen ? apiKey.value : (presetKeys[preset]?.value ?? preset.defaultAPIKey)
    var configuration = ServiceConfiguration(preset: preset, baseURL: url, apiKey: key)
    configuration.timeout = timeout
    configuration.retryPolicy = retryPolicy
    return configuration
  }

  /// Where each service would be reached and with which key's source, for `rover config` and `rover services`.
  public func route(for preset: ServicePreset) -> (url: Sourced<URL>, key: SettingSource?) {
    if service.value == .preset(preset), let baseURL {
      return (baseURL, apiKey.value == nil ? nil : apiKey.source)
    }
    let url = presetURLs[preset] ?? Sourced(preset.defaultBaseURL, from: .preset(preset.rawValue))
    let key = presetKeys[preset]?.source ?? (preset.defaultAPIKey == nil ? nil : .preset(preset.rawValue))
    return (url, key)
  }

  public var responseCache: ResponseCache {
    ResponseCache(directory: cacheDirectory.value, maxBytes: cacheMaxBytes.value)
  }
}

/// Walks the sources in precedence order for one setting.
struct SettingLookup {
  let flags: [ConnectionSettings.Flags]
  let environment: [String: String]
  let files: [SettingsFile]

  func first(
    _ flag: KeyPath<ConnectionSettings.Flags, String?>?, flagName: String, env names: [String], file key: String
  ) -> Sourced<String>? {
    if let flag, let value = flags.lazy.compactMap({ $0[keyPath: flag] }).first(where: { !$0.isEmpty }) {
      return Sourced(value, from: .flag(flagName))
    }
    for name in names {
      if let value = environment[name], !value.isEmpty { return Sourced(value, from: .environment(name)) }
    }
    for file in files {
      if let value = file.values[key], !value.isEmpty { return Sourced(value, from: .file(file.path)) }
    }
    return nil
  }
}
