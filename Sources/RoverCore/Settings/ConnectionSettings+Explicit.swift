import Foundation

extension ConnectionSettings {
  /// Settings from explicit values, reading nothing from the environment or the working directory.
  /// - Parameters:
  ///   - service: one service, or `.auto` (the default): for each rover, the live services that have it, one
  ///     after another when one is down.
  ///   - baseURL: where the chosen service answers (a mirror, a test server); nil: its usual address. Needs a
  ///     single service, not `.auto`.
  ///   - apiKey: the key for the chosen service (Mars Vista needs one); sent only to it, never across a redirect
  ///     to another origin.
  ///   - timeout: seconds a request may take as a whole (an answer) or stall (an image).
  ///   - retryPolicy: how often, and how patiently, a failed request is tried again.
  ///   - cacheDirectory: a folder for the response cache (answers only, bytes on disk); nil: no cache.
  ///   - cacheMaxBytes: the cache's size bound in bytes.
  ///   - cacheMode: how the cache is used; ignored (no cache) when `cacheDirectory` is nil.
  ///   - engine: the HTTP engine; by default libcurl where this build has it, URLSession elsewhere.
  ///   - maxBytesPerSecond: see ``maxBytesPerSecond``; nil (the default): unlimited.
  ///   - requestSpacing: see ``requestSpacing``; 0 (the default): no pause.
  ///   - caFile: a PEM file of the certificate authorities HTTPS servers are verified against instead of the
  ///     system's (curl's `--cacert`), for a mirror behind a private CA; nil: the system's. Needs libcurl: the
  ///     URLSession engine on Linux cannot be given one.
  /// - Throws: `SettingsError.baseURLNeedsOneService` for a base URL with `.auto`, `SettingsError.invalidBaseURL`
  ///   for a URL that is not http(s) with a host, `SettingsError.unknownEngine` for an engine this build lacks,
  ///   `SettingsError.keyWithControlCharacters` for a key that would forge headers,
  ///   `SettingsError.invalidCAFile` for a CA file that cannot be read or holds no PEM certificate,
  ///   `SettingsError.caFileNeedsCurl` for a CA file with the URLSession engine.
  public init(
    service: ServiceChoice = .auto, baseURL: URL? = nil, apiKey: String? = nil, timeout: TimeInterval = 30,
    retryPolicy: RetryPolicy = RetryPolicy(), cacheDirectory: URL? = nil, cacheMaxBytes: Int = 200_000_000,
    cacheMode: CacheMode = CacheMode(), engine: HTTPEngineKind = .preferred, maxBytesPerSecond: Int? = nil,
    requestSpacing: TimeInterval = 0, caFile: URL? = nil
  ) throws {
    let given = SettingSource.given
    var url: Sourced<URL>?
    if case .preset(let preset) = service {
      if let baseURL {
        url = Sourced(try Self.parseBaseURL(baseURL.absoluteString, source: given), from: given)
      } else {
        url = Sourced(preset.defaultBaseURL, from: .preset(preset.rawValue))
      }
    } else if let baseURL {
      throw SettingsError.baseURLNeedsOneService(text: baseURL.absoluteString, source: "\(given)")
    }
    guard engine.isAvailable else {
      throw SettingsError.unknownEngine(
        name: engine.rawValue, source: "the settings",
        known: HTTPEngineKind.allCases.filter(\.isAvailable).map(\.rawValue))
    }
    if let apiKey, Self.hasControlCharacters(apiKey) {
      throw SettingsError.keyWithControlCharacters(source: "the settings")
    }
    let chosen: ServicePreset? = if case .preset(let preset) = service { preset } else { nil }
    self.init(
      service: Sourced(service, from: given), baseURL: url,
      apiKey: Sourced(apiKey ?? chosen?.defaultAPIKey, from: given), presetURLs: [:], presetKeys: [:],
      cacheDirectory: Sourced(cacheDirectory ?? Self.noCacheDirectory, from: given),
      cacheMaxBytes: Sourced(cacheMaxBytes, from: given), timeout: timeout, retryPolicy: retryPolicy,
      cacheMode: cacheDirectory == nil ? CacheMode(.disabled) : cacheMode, verbose: false, files: [])
    engineChoice = Sourced(engine, from: given)
    self.maxBytesPerSecond = maxBytesPerSecond
    self.requestSpacing = requestSpacing
    if let caFile {
      try Self.checkCAFile(caFile.path, source: given)
      caFileChoice = Sourced(caFile.path, from: given)
    }
    try Self.refuseUnusableCAFile(caFileChoice, engine: engineChoice)
  }

  /// Settings the way the `rover` command reads them: the `ROVER_*` variables of `environment` (`ROVER_SERVICE`,
  /// `ROVER_BASE_URL`, `ROVER_API_KEY`, `ROVER_<SERVICE>_URL`, `ROVER_MARSVISTA_KEY`, `ROVER_CACHE_DIR`,
  /// `ROVER_CACHE_SIZE`, `ROVER_HTTP_ENGINE`, `ROVER_RETRY_BASE_DELAY` in seconds) and the CA file curl would use
  /// (`CURL_CA_BUNDLE`, `SSL_CERT_FILE`), then `APIKeys.plist` in `currentDirectory` and in
  /// `$XDG_CONFIG_HOME/rover/` (or `$HOME/.config/rover/`), then each service's defaults. The one place the library
  /// reads either, and only from `environment`: without `HOME` or the `XDG_*` folders in it there is no user
  /// settings file and no response cache. (libcurl itself honours the proxy variables, `https_proxy` and
  /// `no_proxy`, of the process.)
  /// - Parameters:
  ///   - environment: the variables to read, usually `ProcessInfo.processInfo.environment`.
  ///   - currentDirectory: where to look for an `APIKeys.plist`; nil: only the user's config folder. A base URL
  ///     from this folder's file never receives a key from anywhere else.
  /// - Throws: `SettingsError` naming the bad value and where it came from.
  public static func fromEnvironment(_ environment: [String: String], currentDirectory: String? = nil) throws
    -> ConnectionSettings
  {
    try resolve(flags: [], environment: environment, currentDirectory: currentDirectory)
  }

  /// The most bytes a second received over all transfers together (`--limit-rate`): the services' answers of every
  /// client made from these settings and the images of a ``Downloader`` whose options share it
  /// (``DownloadOptions/maxBytesPerSecond`` is its own budget otherwise). Nil: unlimited. Clamped to at least 1 and
  /// at most 1 TiB a second. An answer slowed so much that it outlasts ``timeout`` fails as timed out.
  ///
  /// libcurl pauses and resumes its transfers on the socket. URLSession cannot be paused on Linux, so there the rate
  /// holds for the bytes rover receives from it: FoundationNetworking may read ahead of them into memory.
  public var maxBytesPerSecond: Int? {
    get { transferBudget?.bytesPerSecond }
    set { transferBudget = newValue.map { TransferBudget(bytesPerSecond: $0) } }
  }

  /// Seconds between one answer of a service and the next request to any service (`--sleep`): with a pause, the
  /// requests of every service and task made from these settings go one at a time, retries and redirects included;
  /// images are not spaced. 0: none. A negative or non-finite value is taken
  /// as 0, one above an hour as an hour.
  public var requestSpacing: TimeInterval {
    get { spacing?.seconds ?? 0 }
    set { spacing = newValue > 0 ? RequestSpacing(seconds: newValue) : nil }
  }

  /// The HTTP engine requests go through.
  public var engine: HTTPEngineKind {
    get { engineChoice.value }
    set { engineChoice = Sourced(newValue, from: .builtIn) }
  }
}
