import Foundation

/// The connection settings after applying every source, highest first: flags, environment, `APIKeys.plist` files,
/// then the preset's defaults.
public struct ConnectionSettings: Sendable {
  public var service: Sourced<ServicePreset>
  public var baseURL: Sourced<URL>
  public var apiKey: Sourced<String?>
  public var cacheDirectory: Sourced<URL>
  public var cacheMaxBytes: Sourced<Int>
  public var files: [String]

  /// What the user typed; nil means "not given".
  public struct Flags: Sendable {
    public var service: String?
    public var baseURL: String?
    public var apiKey: String?

    public init(service: String? = nil, baseURL: String? = nil, apiKey: String? = nil) {
      self.service = service
      self.baseURL = baseURL
      self.apiKey = apiKey
    }
  }

  public static func resolve(
    flags: Flags, environment: [String: String], currentDirectory: String = FileManager.default.currentDirectoryPath
  ) throws -> ConnectionSettings {
    let files = try SettingsFile.candidatePaths(environment: environment, currentDirectory: currentDirectory)
      .compactMap { try SettingsFile.load(path: $0) }
    let lookup = SettingLookup(environment: environment, files: files)

    let serviceText = lookup.first(flag: flags.service, flagName: "--service", env: ["ROVER_SERVICE"], file: "Service")
    let service: Sourced<ServicePreset>
    if let serviceText {
      guard let preset = ServicePreset(rawValue: serviceText.value.lowercased()) else {
        let names = ServicePreset.allCases.map(\.rawValue).joined(separator: ", ")
        throw RoverAPIError.invalidConfiguration(
          "unknown service '\(serviceText.value)' from \(serviceText.source) (choose one of: \(names))")
      }
      service = Sourced(preset, from: serviceText.source)
    } else {
      service = Sourced(.nebulum, from: .builtIn)
    }

    let baseURL: Sourced<URL>
    if let text = lookup.first(flag: flags.baseURL, flagName: "--base-url", env: ["ROVER_BASE_URL"], file: "BaseURL") {
      baseURL = Sourced(try parseBaseURL(text.value, source: text.source), from: text.source)
    } else {
      baseURL = Sourced(service.value.defaultBaseURL, from: .preset(service.value.rawValue))
    }

    let keyEnvironment = service.value == .nasa ? ["ROVER_API_KEY", "NASA_API_KEY"] : ["ROVER_API_KEY"]
    let apiKey: Sourced<String?>
    if let key = lookup.first(flag: flags.apiKey, flagName: "--api-key", env: keyEnvironment, file: "APIKey") {
      apiKey = Sourced(key.value, from: key.source)
    } else if let fallback = service.value.defaultAPIKey {
      apiKey = Sourced(fallback, from: .preset(service.value.rawValue))
    } else {
      apiKey = Sourced(nil, from: .builtIn)
    }
    let cacheDirectory: Sourced<URL>
    if let dir = lookup.first(flag: nil, flagName: "", env: ["ROVER_CACHE_DIR"], file: "CacheDir") {
      cacheDirectory = Sourced(URL(fileURLWithPath: (dir.value as NSString).expandingTildeInPath), from: dir.source)
    } else {
      cacheDirectory = Sourced(ResponseCache.defaultDirectory(environment: environment), from: .builtIn)
    }
    let cacheMaxBytes: Sourced<Int>
    if let size = lookup.first(flag: nil, flagName: "", env: ["ROVER_CACHE_SIZE"], file: "CacheSize") {
      guard let bytes = ByteCountText.parse(size.value) else {
        throw RoverAPIError.invalidConfiguration(
          "invalid cache size '\(size.value)' from \(size.source) (expected e.g. 200MB)")
      }
      cacheMaxBytes = Sourced(bytes, from: size.source)
    } else {
      cacheMaxBytes = Sourced(ResponseCache.defaultMaxBytes, from: .builtIn)
    }
    return ConnectionSettings(
      service: service, baseURL: baseURL, apiKey: apiKey, cacheDirectory: cacheDirectory,
      cacheMaxBytes: cacheMaxBytes, files: files.map(\.path))
  }

  /// The base URL must be absolute http(s); anything else is a typo we can name before any request.
  static func parseBaseURL(_ text: String, source: SettingSource) throws -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = url.host, !host.isEmpty
    else {
      throw RoverAPIError.invalidConfiguration(
        "invalid base URL '\(Redactor.redactKeyParameters(text))' from \(source) (expected http:// or https://)")
    }
    return url
  }

  public func serviceConfiguration(timeout: TimeInterval = 30, retries: Int = 3, retryBaseDelay: TimeInterval = 0.5)
    -> ServiceConfiguration
  {
    var configuration = ServiceConfiguration(preset: service.value, baseURL: baseURL.value, apiKey: apiKey.value)
    configuration.timeout = timeout
    configuration.retryPolicy = RetryPolicy(maxRetries: retries, baseDelay: retryBaseDelay)
    return configuration
  }
}

/// Walks the sources in precedence order for one setting.
struct SettingLookup {
  let environment: [String: String]
  let files: [SettingsFile]

  func first(flag: String?, flagName: String, env names: [String], file key: String) -> Sourced<String>? {
    if let flag, !flag.isEmpty { return Sourced(flag, from: .flag(flagName)) }
    for name in names {
      if let value = environment[name], !value.isEmpty { return Sourced(value, from: .environment(name)) }
    }
    for file in files {
      if let value = file.values[key], !value.isEmpty { return Sourced(value, from: .file(file.path)) }
    }
    return nil
  }
}
