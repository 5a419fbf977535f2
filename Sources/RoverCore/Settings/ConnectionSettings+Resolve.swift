import Foundation

extension ConnectionSettings {
  /// Every source weighed once: `flags` highest precedence first (a value given after the subcommand name wins
  /// over one given before it), then `environment`, then the `APIKeys.plist` files, then the presets' defaults.
  package static func resolve(
    flags: [Flags], environment: [String: String], currentDirectory: String?
  ) throws -> ConnectionSettings {
    let files = try SettingsFile.candidatePaths(environment: environment, currentDirectory: currentDirectory)
      .compactMap { try SettingsFile.load(path: $0) }
    let lookup = SettingLookup(flags: flags, environment: environment, files: files)
    let baseText = lookup.first(\.baseURL, flagName: \.baseURL, env: ["ROVER_BASE_URL"], file: "BaseURL")
    let service = try serviceChoice(lookup, baseText: baseText)
    let baseURL = try chosenBaseURL(service.value, baseText: baseText, environment: environment)
    let chosen: ServicePreset? = if case .preset(let preset) = service.value { preset } else { nil }
    var apiKey = chosenKey(lookup, chosen: chosen)
    var presetURLs: [ServicePreset: Sourced<URL>] = [:]
    var presetKeys: [ServicePreset: Sourced<String>] = [:]
    for preset in ServicePreset.allCases {
      presetURLs[preset] = try presetURL(preset, environment: environment)
      presetKeys[preset] = lookup.first(nil, flagName: nil, env: keyVariables(preset), file: keyFileName(preset))
    }
    try refuseControlCharacters(apiKey, presetKeys: presetKeys)
    var warnings: [String] = []
    if let warning = keyWithheld(apiKey, baseURL: baseURL, chosen: chosen, currentDirectory: currentDirectory) {
      warnings.append(warning)
      apiKey = Sourced(nil, from: .withheld)
    }
    let (cacheDirectory, cacheMaxBytes) = try cacheSettings(lookup, environment: environment)
    // A tuning knob for slow links, and for the tests, which should not sleep for real backoff delays.
    let baseDelay = environment["ROVER_RETRY_BASE_DELAY"].flatMap(Double.init).map { max(0, $0) } ?? 0.5
    let retries = flags.lazy.compactMap(\.retries).first ?? defaultRetries
    var settings = ConnectionSettings()
    settings.serviceChoice = service
    settings.baseURLChoice = baseURL
    settings.apiKeyChoice = apiKey
    settings.presetURLs = presetURLs
    settings.presetKeys = presetKeys
    (settings.cacheDirectoryChoice, settings.cacheMaxBytesChoice) = (cacheDirectory, cacheMaxBytes)
    settings.timeout = flags.lazy.compactMap(\.timeout).first ?? defaultTimeout
    settings.retryPolicy = RetryPolicy(maxRetries: retries, baseDelay: baseDelay)
    settings.cacheMode = CacheMode(
      flags.lazy.compactMap(\.cacheUse).first ?? .normal, maxAge: flags.lazy.compactMap(\.maxAge).first)
    settings.verbose = flags.contains { $0.verbose }
    settings.files = files.map(\.path)
    settings.warnings = warnings
    if cacheDirectory.value == noCacheDirectory { settings.cacheMode = CacheMode(.disabled) }
    settings.engineChoice = try engineChoice(environment)
    settings.maxBytesPerSecond = flags.lazy.compactMap(\.maxBytesPerSecond).first
    settings.requestSpacing = flags.lazy.compactMap(\.requestSpacing).first ?? 0
    settings.caFileChoice = try caFileChoice(lookup)
    if let places = lookup.first(\.placesURL, flagName: \.placesURL, env: ["ROVER_PLACES_URL"], file: "PlacesURL") {
      settings.placesURL = Sourced(try parseBaseURL(places.value, source: places.source), from: places.source)
    }
    try refuseUnusableCAFile(settings.caFileChoice, engine: settings.engineChoice)
    return settings
  }

  /// The service named anywhere; a base URL alone means a Photos-API copy there, as it always did (no fallback).
  private static func serviceChoice(_ lookup: SettingLookup, baseText: Sourced<String>?) throws
    -> Sourced<ServiceChoice>
  {
    if let text = lookup.first(\.service, flagName: \.service, env: ["ROVER_SERVICE"], file: "Service") {
      guard let choice = ServiceChoice(name: text.value) else {
        throw SettingsError.unknownService(name: text.value, source: "\(text.source)", known: ServiceChoice.names)
      }
      return Sourced(choice, from: text.source)
    }
    if let baseText { return Sourced(.preset(.nebulum), from: baseText.source) }
    return Sourced(.auto, from: .builtIn)
  }

  /// The chosen service's base URL: given, its own `ROVER_<SERVICE>_URL`, or its default; none under `auto`.
  private static func chosenBaseURL(
    _ service: ServiceChoice, baseText: Sourced<String>?, environment: [String: String]
  ) throws -> Sourced<URL>? {
    guard case .preset(let preset) = service else {
      if let text = baseText {
        throw SettingsError.baseURLNeedsOneService(text: text.value, source: "\(text.source)")
      }
      return nil
    }
    if let text = baseText {
      return Sourced(try parseBaseURL(text.value, source: text.source), from: text.source)
    }
    return try presetURL(preset, environment: environment)
      ?? Sourced(preset.defaultBaseURL, from: .preset(preset.rawValue))
  }

  /// The key for the chosen service: given, its own variable or file entry, or its public default.
  private static func chosenKey(_ lookup: SettingLookup, chosen: ServicePreset?) -> Sourced<String?> {
    let keyEnvironment = chosen == .nasa ? ["ROVER_API_KEY", "NASA_API_KEY"] : ["ROVER_API_KEY"]
    if let key = lookup.first(\.apiKey, flagName: \.apiKey, env: keyEnvironment, file: "APIKey") {
      return Sourced(key.value, from: key.source)
    }
    if let chosen, let own = lookup.first(nil, flagName: nil, env: keyVariables(chosen), file: keyFileName(chosen)) {
      return Sourced(own.value, from: own.source)
    }
    if let chosen, let fallback = chosen.defaultAPIKey { return Sourced(fallback, from: .preset(chosen.rawValue)) }
    return Sourced(nil, from: .builtIn)
  }

  /// A key is sent in a header or a query item: a CR LF in one would forge headers (`X-Injected:`, `Host:`).
  private static func refuseControlCharacters(
    _ apiKey: Sourced<String?>, presetKeys: [ServicePreset: Sourced<String>]
  ) throws {
    let keys = [(apiKey.value, apiKey.source)] + presetKeys.values.map { ($0.value, $0.source) }
    for (key, source) in keys {
      guard let key, hasControlCharacters(key) else { continue }
      throw SettingsError.keyWithControlCharacters(source: "\(source)")
    }
  }

  /// Whether `text` holds a C0 control character or DEL: never valid in a key sent in a header or a URL.
  static func hasControlCharacters(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
  }

  /// Someone else's checkout must not be able to send the user's key to a host of its choosing: a base URL from
  /// the working directory's plist only ever receives a key from that same file. The warning when one is withheld.
  private static func keyWithheld(
    _ apiKey: Sourced<String?>, baseURL: Sourced<URL>?, chosen: ServicePreset?, currentDirectory: String?
  ) -> String? {
    let workingFile = currentDirectory.map { SettingSource.file($0 + "/" + SettingsFile.name) }
    guard let baseURL, let workingFile, baseURL.source == workingFile, apiKey.value != nil,
      apiKey.source != workingFile, apiKey.source != .preset(chosen?.rawValue ?? "")
    else { return nil }
    return "not sending the API key from \(apiKey.source) to "
      + "\(Redactor.redactKeyParameters(baseURL.value.absoluteString)), which comes from \(workingFile); "
      + "give the base URL explicitly to use that URL"
  }

  /// Where no cache is: settings with no folder for one (explicit ones without a `cacheDirectory`, an environment
  /// without `HOME`) carry it, their cache disabled.
  static let noCacheDirectory = URL(fileURLWithPath: "/nonexistent/rover-cache")

  private static func cacheSettings(_ lookup: SettingLookup, environment: [String: String]) throws -> (
    Sourced<URL>, Sourced<Int>
  ) {
    let directory: Sourced<URL>
    if let dir = lookup.first(nil, flagName: nil, env: ["ROVER_CACHE_DIR"], file: "CacheDir") {
      directory = Sourced(URL(fileURLWithPath: (dir.value as NSString).expandingTildeInPath), from: dir.source)
    } else if let folder = ResponseCache.defaultDirectory(environment: environment) {
      directory = Sourced(folder, from: .builtIn)
    } else {
      directory = Sourced(noCacheDirectory, from: .builtIn)
    }
    guard let size = lookup.first(nil, flagName: nil, env: ["ROVER_CACHE_SIZE"], file: "CacheSize") else {
      return (directory, Sourced(ResponseCache.defaultMaxBytes, from: .builtIn))
    }
    guard let bytes = ByteCountText.parse(size.value) else {
      throw SettingsError.invalidCacheSize(text: size.value, source: "\(size.source)")
    }
    return (directory, Sourced(bytes, from: size.source))
  }
}
