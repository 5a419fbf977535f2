import Foundation

/// How to reach the photo services: which service (or `auto`, every live service with fallback), where, with
/// which key, how patiently, and through which response cache and HTTP engine.
///
/// Build one from explicit values with ``init(service:baseURL:apiKey:timeout:retryPolicy:cacheDirectory:cacheMode:engine:)``,
/// or read the standard environment (`ROVER_SERVICE`, `ROVER_BASE_URL`, `ROVER_API_KEY`, `ROVER_HTTP_ENGINE`…)
/// and `APIKeys.plist` files with ``fromEnvironment(_:currentDirectory:)``, the one call that reads them. Nothing
/// in the library reads the environment or the working directory otherwise.
public struct ConnectionSettings: Sendable {
  package var service: Sourced<ServiceChoice>
  /// The chosen preset's base URL (`--base-url`, `ROVER_BASE_URL`, `BaseURL`, or its default); nil under `auto`.
  package var baseURL: Sourced<URL>?
  /// The chosen preset's key; never sent anywhere under `auto` (each service has its own key there).
  package var apiKey: Sourced<String?>
  /// Per-service base URLs from `ROVER_<SERVICE>_URL`, so mirrors and tests can point `auto` anywhere.
  package var presetURLs: [ServicePreset: Sourced<URL>]
  /// Per-service keys: `ROVER_MARSVISTA_KEY`, `ROVER_NASA_KEY` (or `NASA_API_KEY`), `MarsVistaKey`/`NASAKey`.
  package var presetKeys: [ServicePreset: Sourced<String>]
  package var cacheDirectory: Sourced<URL>
  package var cacheMaxBytes: Sourced<Int>
  /// Seconds a request may take as a whole (an API answer) or stall (an image) before it fails.
  public var timeout: TimeInterval
  /// How often, and how patiently, a failed request is tried again.
  public var retryPolicy: RetryPolicy
  /// How the response cache is used; ``CacheMode/Use/disabled`` when no cache folder was given.
  public var cacheMode: CacheMode
  /// The HTTP engine, and where that choice came from.
  package var engineChoice: Sourced<HTTPEngineKind> = Sourced(.preferred, from: .builtIn)
  package var verbose: Bool
  package var files: [String]
  /// Things the user should know about the settings themselves (a key withheld), for the CLI to print.
  package var warnings: [String] = []

  package static let defaultTimeout: TimeInterval = 30
  package static let defaultRetries = 3

  /// What the user typed in one place; nil (or false) means "not given".
  package struct Flags: Sendable {
    package var service: String?
    package var baseURL: String?
    package var apiKey: String?
    package var timeout: TimeInterval?
    package var retries: Int?
    package var verbose = false
    package var cacheUse: CacheMode.Use?
    package var maxAge: TimeInterval?
    /// How the caller names these settings in messages (the command: its flags), so the library needs no words
    /// of the command's own.
    package var names = Names()

    /// Labels for the settings a caller passes in `Flags`.
    package struct Names: Sendable {
      package var service = "service"
      package var baseURL = "base URL"
      package var apiKey = "API key"
      package init() {}
    }

    package init(
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
  package static func resolve(
    flags: [Flags], environment: [String: String],
    currentDirectory: String?
  ) throws -> ConnectionSettings {
    let files = try SettingsFile.candidatePaths(environment: environment, currentDirectory: currentDirectory)
      .compactMap { try SettingsFile.load(path: $0) }
    let lookup = SettingLookup(flags: flags, environment: environment, files: files)

    let baseText = lookup.first(\.baseURL, flagName: \.baseURL, env: ["ROVER_BASE_URL"], file: "BaseURL")
    let service: Sourced<ServiceChoice>
    if let text = lookup.first(\.service, flagName: \.service, env: ["ROVER_SERVICE"], file: "Service") {
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
      throw SettingsError.baseURLNeedsOneService(text: text.value, source: "\(text.source)")
    }

    let chosen: ServicePreset? = if case .preset(let preset) = service.value { preset } else { nil }
    let keyEnvironment = chosen == .nasa ? ["ROVER_API_KEY", "NASA_API_KEY"] : ["ROVER_API_KEY"]
    var apiKey: Sourced<String?>
    if let key = lookup.first(\.apiKey, flagName: \.apiKey, env: keyEnvironment, file: "APIKey") {
      apiKey = Sourced(key.value, from: key.source)
    } else if let chosen,
      let own = lookup.first(nil, flagName: nil, env: Self.keyVariables(chosen), file: Self.keyFileName(chosen))
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
        nil, flagName: nil, env: Self.keyVariables(preset), file: Self.keyFileName(preset))
    }
    var warnings: [String] = []
    // Someone else's checkout must not be able to send the user's key to a host of its choosing: a base URL from
    // the working directory's plist only ever receives a key from that same file.
    let workingFile = currentDirectory.map { SettingSource.file($0 + "/" + SettingsFile.name) }
    if let baseURL, let workingFile, baseURL.source == workingFile, apiKey.value != nil, apiKey.source != workingFile,
      apiKey.source != .preset(chosen?.rawValue ?? "")
    {
      warnings.append(
        "not sending the API key from \(apiKey.source) to \(Redactor.redactKeyParameters(baseURL.value.absoluteString)), "
          + "which comes from \(workingFile); give the base URL explicitly to use that URL")
      apiKey = Sourced(nil, from: .withheld)
    }

    let cacheDirectory: Sourced<URL>
    if let dir = lookup.first(nil, flagName: nil, env: ["ROVER_CACHE_DIR"], file: "CacheDir") {
      cacheDirectory = Sourced(URL(fileURLWithPath: (dir.value as NSString).expandingTildeInPath), from: dir.source)
    } else {
      cacheDirectory = Sourced(ResponseCache.defaultDirectory(environment: environment), from: .builtIn)
    }
    let cacheMaxBytes: Sourced<Int>
    if let size = lookup.first(nil, flagName: nil, env: ["ROVER_CACHE_SIZE"], file: "CacheSize") {
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
    var settings = ConnectionSettings(
      service: service, baseURL: baseURL, apiKey: apiKey, presetURLs: presetURLs, presetKeys: presetKeys,
      cacheDirectory: cacheDirectory,
      cacheMaxBytes: cacheMaxBytes, timeout: flags.lazy.compactMap(\.timeout).first ?? defaultTimeout,
      retryPolicy: RetryPolicy(maxRetries: retries, baseDelay: baseDelay),
      cacheMode: CacheMode(
        flags.lazy.compactMap(\.cacheUse).first ?? .normal, maxAge: flags.lazy.compactMap(\.maxAge).first),
      verbose: flags.contains { $0.verbose }, files: files.map(\.path), warnings: warnings)
    settings.engineChoice = try engineChoice(environment)
    return settings
  }

  /// `ROVER_HTTP_ENGINE`: `curl` or `urlsession`; unset, the build's preferred engine.
  static func engineChoice(_ environment: [String: String]) throws -> Sourced<HTTPEngineKind> {
    let name = "ROVER_HTTP_ENGINE"
    guard let text = environment[name], !text.isEmpty else { return Sourced(.preferred, from: .builtIn) }
    guard let kind = HTTPEngineKind(rawValue: text.lowercased()), kind.isAvailable else {
      let known = HTTPEngineKind.allCases.filter(\.isAvailable).map(\.rawValue)
      throw SettingsError.unknownEngine(name: text, source: "environment \(name)", known: known)
    }
    return Sourced(kind, from: .environment(name))
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
  package func configuration(for preset: ServicePreset) -> ServiceConfiguration {
    let isChosen = service.value == .preset(preset)
    let url = isChosen ? baseURL?.value : presetURLs[preset]?.value
    let key = isChosen ? apiKey.value : (presetKeys[preset]?.value ?? preset.defaultAPIKey)
    var configuration = ServiceConfiguration(preset: preset, baseURL: url, apiKey: key)
    configuration.timeout = timeout
    configuration.retryPolicy = retryPolicy
    configuration.engine = engine
    return configuration
  }

  /// Where each service would be reached and with which key's source, for `rover config` and `rover services`.
  package func route(for preset: ServicePreset) -> (url: Sourced<URL>, key: SettingSource?) {
    if service.value == .preset(preset), let baseURL {
      return (baseURL, apiKey.value == nil ? nil : apiKey.source)
    }
    let url = presetURLs[preset] ?? Sourced(preset.defaultBaseURL, from: .preset(preset.rawValue))
    let key = presetKeys[preset]?.source ?? (preset.defaultAPIKey == nil ? nil : .preset(preset.rawValue))
    return (url, key)
  }

  package var responseCache: ResponseCache {
    ResponseCache(directory: cacheDirectory.value, maxBytes: cacheMaxBytes.value)
  }
}

/// Walks the sources in precedence order for one setting.
struct SettingLookup {
  let flags: [ConnectionSettings.Flags]
  let environment: [String: String]
  let files: [SettingsFile]

  func first(
    _ flag: KeyPath<ConnectionSettings.Flags, String?>?, flagName: KeyPath<ConnectionSettings.Flags.Names, String>?,
    env names: [String], file key: String
  ) -> Sourced<String>? {
    if let flag, let given = flags.first(where: { $0[keyPath: flag]?.isEmpty == false }),
      let value = given[keyPath: flag]
    {
      return Sourced(value, from: .flag(flagName.map { given.names[keyPath: $0] } ?? ""))
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
