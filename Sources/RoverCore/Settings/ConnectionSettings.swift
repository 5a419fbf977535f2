import Foundation

/// How to reach the photo services, in one value: which service (or `auto`, every live service with fallback),
/// where, with which key, how patiently, through which response cache, HTTP engine and CAs, and how fast. Every
/// request of a ``PhotoClient`` made from it, and every image of the ``Downloader`` that client makes, follows it.
///
/// A struct of `var` fields with defaults, in the manner of async-http-client's `HTTPClient.Configuration`: start
/// from ``init(service:baseURL:apiKey:)`` and set what differs, or read the standard environment (`ROVER_SERVICE`,
/// `ROVER_BASE_URL`, `ROVER_API_KEY`, `ROVER_HTTP_ENGINE`…) and `APIKeys.plist` files with
/// ``fromEnvironment(_:currentDirectory:)``, the one call that reads them. Nothing in the library reads the
/// environment or the working directory otherwise. The value is checked once, where a client is made:
/// ``PhotoClient/init(settings:filter:events:)`` throws ``SettingsError`` for a combination that cannot work.
///
/// ```swift
/// var settings = ConnectionSettings(service: .preset(.nasaRaw))
/// settings.timeout = 60
/// settings.caFile = URL(fileURLWithPath: "/etc/rover/mirror-ca.pem")
/// let client = try PhotoClient(settings: settings)
/// ```
public struct ConnectionSettings: Sendable {
  /// The service, and where that choice came from (see ``service``).
  package var serviceChoice: Sourced<ServiceChoice>
  /// The chosen preset's base URL (`--base-url`, `ROVER_BASE_URL`, `BaseURL`, or its default); nil under `auto`,
  /// and nil for a preset whose usual address is meant.
  package var baseURLChoice: Sourced<URL>?
  /// The chosen preset's key; never sent anywhere under `auto` (each service has its own key there).
  package var apiKeyChoice: Sourced<String?>
  /// Per-service base URLs from `ROVER_<SERVICE>_URL`, so mirrors and tests can point `auto` anywhere.
  package var presetURLs: [ServicePreset: Sourced<URL>] = [:]
  /// Per-service keys: `ROVER_MARSVISTA_KEY`, `ROVER_NASA_KEY` (or `NASA_API_KEY`), `MarsVistaKey`/`NASAKey`.
  package var presetKeys: [ServicePreset: Sourced<String>] = [:]
  /// The response cache's folder; ``noCacheDirectory`` when there is none.
  package var cacheDirectoryChoice = Sourced(ConnectionSettings.noCacheDirectory, from: .builtIn)
  /// The response cache's size bound in bytes.
  package var cacheMaxBytesChoice = Sourced(ResponseCache.defaultMaxBytes, from: .builtIn)
  /// Seconds a request may take as a whole (an API answer) or stall (an image) before it fails. Default: 30.
  public var timeout: TimeInterval = ConnectionSettings.defaultTimeout
  /// How often, and how patiently, a failed request (an answer or an image) is tried again.
  public var retryPolicy = RetryPolicy()
  /// How the response cache is used; no cache at all while ``cacheDirectory`` is nil, whatever this says.
  public var cacheMode = CacheMode()
  /// The HTTP engine, and where that choice came from.
  package var engineChoice: Sourced<HTTPEngineKind> = Sourced(.preferred, from: .builtIn)
  /// The CA file HTTPS servers are verified against, and where it was named; nil: the system's CAs.
  package var caFileChoice: Sourced<String>?
  package var verbose = false
  package var files: [String] = []
  /// Things the user should know about the settings themselves (a key withheld), for the CLI to print.
  package var warnings: [String] = []
  /// The one byte rate every engine made from these settings shares; see ``maxBytesPerSecond``.
  package var transferBudget: TransferBudget?
  /// The one pause every service made from these settings shares; see ``requestSpacing``.
  package var spacing: RequestSpacing?
  /// Where NASA's mission-map layers (the rovers' localizations) are read from: `--places-url`,
  /// `ROVER_PLACES_URL`, `PlacesURL`, or `https://mars.nasa.gov`.
  package var placesURL = Sourced(ConnectionSettings.defaultPlacesURL, from: .builtIn)

  /// Settings with every default but the service, its address and its key; set the other fields as needed.
  /// Nothing is checked here: ``PhotoClient/init(settings:filter:events:)`` checks the whole value once.
  /// - Parameters:
  ///   - service: one service, or `.auto` (the default): for each rover, the live services that have it, one
  ///     after another when one is down.
  ///   - baseURL: where the chosen service answers (a mirror, a test server); nil: its usual address. Needs a
  ///     single service, not `.auto`.
  ///   - apiKey: the key for the chosen service (Mars Vista needs one); sent only to it, never across a redirect
  ///     to another origin. Nil: the service's public key, if it has one.
  public init(service: ServiceChoice = .auto, baseURL: URL? = nil, apiKey: String? = nil) {
    serviceChoice = Sourced(service, from: .given)
    baseURLChoice = baseURL.map { Sourced($0, from: .given) }
    apiKeyChoice = Sourced(apiKey, from: apiKey == nil ? .builtIn : .given)
  }

  package static let defaultTimeout: TimeInterval = 30
  package static let defaultRetries = 3
  /// NASA's mission maps, whose layers hold the rovers' localizations.
  package static let defaultPlacesURL = URL(constant: "https://mars.nasa.gov")

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
    /// `--limit-rate`, in bytes a second.
    package var maxBytesPerSecond: Int?
    /// `--sleep`, in seconds.
    package var requestSpacing: TimeInterval?
    /// A PEM file of the CAs to trust instead of the system's (the command's `--cacert`).
    package var caFile: String?
    /// The base URL of NASA's map layers (the command's `--places-url`).
    package var placesURL: String?
    /// How the caller names these settings in messages (the command: its flags), so the library needs no words
    /// of the command's own.
    package var names = Names()

    /// Labels for the settings a caller passes in `Flags`.
    package struct Names: Sendable {
      package var service = "service"
      package var baseURL = "base URL"
      package var apiKey = "API key"
      package var caFile = "CA file"
      package var placesURL = "places URL"
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
      let host = url.host, !host.isEmpty,
      // A port past 65535 is no port: named here rather than retried as unreachable.
      let components = URLComponents(string: text), components.port.map({ (1...65_535).contains($0) }) ?? true
    else {
      throw SettingsError.invalidBaseURL(text: text, source: "\(source)")
    }
    return url
  }

  /// `ROVER_NASA_RAW_URL` and the like: a service's own base URL from the environment.
  static func presetURL(_ preset: ServicePreset, environment: [String: String]) throws -> Sourced<URL>? {
    let name = "ROVER_" + String(preset.rawValue.uppercased().map { $0 == "-" ? "_" : $0 }) + "_URL"
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
    let isChosen = serviceChoice.value == .preset(preset)
    let url = isChosen ? baseURLChoice?.value : presetURLs[preset]?.value
    let key = isChosen ? apiKeyChoice.value : (presetKeys[preset]?.value ?? preset.defaultAPIKey)
    return tuned(ServiceConfiguration(preset: preset, baseURL: url, apiKey: key))
  }

  /// How to reach NASA's map layers: the places URL with this run's timeout, retries, engine and rate.
  package var placesConfiguration: ServiceConfiguration {
    tuned(ServiceConfiguration(name: "places", baseURL: placesURL.value))
  }

  /// `configuration` with this run's timeout, retries, engine, rate, spacing and CAs.
  private func tuned(_ configuration: ServiceConfiguration) -> ServiceConfiguration {
    var configuration = configuration
    configuration.timeout = timeout
    configuration.retryPolicy = retryPolicy
    configuration.engine = engine
    configuration.transferBudget = transferBudget
    configuration.requestSpacing = spacing
    configuration.caFile = caFileChoice?.value
    return configuration
  }

  /// Where each service would be reached and with which key's source, for `rover config` and `rover services`.
  package func route(for preset: ServicePreset) -> (url: Sourced<URL>, key: SettingSource?) {
    if serviceChoice.value == .preset(preset), let baseURLChoice {
      return (baseURLChoice, apiKeyChoice.value == nil ? nil : apiKeyChoice.source)
    }
    let url = presetURLs[preset] ?? Sourced(preset.defaultBaseURL, from: .preset(preset.rawValue))
    let key = presetKeys[preset]?.source ?? (preset.defaultAPIKey == nil ? nil : .preset(preset.rawValue))
    return (url, key)
  }

  package var responseCache: ResponseCache {
    ResponseCache(directory: cacheDirectoryChoice.value, maxBytes: cacheMaxBytesChoice.value)
  }

  /// ``cacheMode`` as the services use it: disabled while there is no cache folder.
  package var activeCacheMode: CacheMode {
    cacheDirectoryChoice.value == Self.noCacheDirectory ? CacheMode(.disabled) : cacheMode
  }
}

/// Walks the sources in precedence order for one setting.
struct SettingLookup {
  let flags: [ConnectionSettings.Flags]
  let environment: [String: String]
  let files: [SettingsFile]

  func first(
    _ flag: KeyPath<ConnectionSettings.Flags, String?>?, flagName: KeyPath<ConnectionSettings.Flags.Names, String>?,
    env names: [String], file key: String?
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
      if let key, let value = file.values[key], !value.isEmpty { return Sourced(value, from: .file(file.path)) }
    }
    return nil
  }
}
