import Foundation

extension ConnectionSettings {
  /// Settings the way the `rover` command reads them: the `ROVER_*` variables of `environment` (`ROVER_SERVICE`,
  /// `ROVER_BASE_URL`, `ROVER_API_KEY`, `ROVER_<SERVICE>_URL`, `ROVER_MARSVISTA_KEY`, `ROVER_CACHE_DIR`,
  /// `ROVER_CACHE_SIZE`, `ROVER_HTTP_ENGINE`, `ROVER_RETRY_BASE_DELAY` in seconds) and the CA file curl would use
  /// (`CURL_CA_BUNDLE`, `SSL_CERT_FILE`), then `APIKeys.plist` in `currentDirectory` and in
  /// `$XDG_CONFIG_HOME/rover/` (or `$HOME/.config/rover/`), then each service's defaults. The one place the library
  /// reads either, and only from `environment`: without `HOME` or the `XDG_*` folders in it there is no user
  /// settings file and no response cache. (libcurl itself honours the proxy variables, `https_proxy` and
  /// `no_proxy`, of the process.) Fields set afterwards win over what was read.
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

  /// One service, or `.auto`: for each rover, the live services that have it, one after another when one is
  /// down. Choosing another service drops the previous one's default address and key (never one that was given).
  public var service: ServiceChoice {
    get { serviceChoice.value }
    set {
      serviceChoice = Sourced(newValue, from: .given)
      if case .preset? = baseURLChoice?.source { baseURLChoice = nil }
      if case .preset = apiKeyChoice.source { apiKeyChoice = Sourced(nil, from: .builtIn) }
    }
  }

  /// Where the chosen service answers (a mirror, a test server); nil: its usual address. Needs a single
  /// ``service``, not `.auto`, and an absolute http(s) URL with a host.
  public var baseURL: URL? {
    get { baseURLChoice?.value }
    set { baseURLChoice = newValue.map { Sourced($0, from: .given) } }
  }

  /// The key for the chosen service (Mars Vista needs one); sent only to it, never across a redirect to another
  /// origin. Nil: the service's public key, if it has one. A key with a control character is refused.
  public var apiKey: String? {
    get { apiKeyChoice.value }
    set { apiKeyChoice = Sourced(newValue, from: newValue == nil ? .builtIn : .given) }
  }

  /// A folder for the response cache (answers only, bytes on disk); nil (the default): no cache.
  public var cacheDirectory: URL? {
    get { cacheDirectoryChoice.value == Self.noCacheDirectory ? nil : cacheDirectoryChoice.value }
    set { cacheDirectoryChoice = Sourced(newValue ?? Self.noCacheDirectory, from: .given) }
  }

  /// The response cache's size bound in bytes (default: 200 MB).
  public var cacheMaxBytes: Int {
    get { cacheMaxBytesChoice.value }
    set { cacheMaxBytesChoice = Sourced(newValue, from: .given) }
  }

  /// The most bytes a second received over all transfers together (`--limit-rate`): the services' answers of every
  /// client made from these settings and the images of every ``Downloader`` made from them. Nil (the default):
  /// unlimited. Clamped to at least 1 and at most 1 TiB a second. An answer slowed so much that it outlasts
  /// ``timeout`` fails as timed out.
  ///
  /// libcurl pauses and resumes its transfers on the socket. URLSession cannot be paused on Linux, so there the rate
  /// holds for the bytes rover receives from it: FoundationNetworking may read ahead of them into memory.
  public var maxBytesPerSecond: Int? {
    get { transferBudget?.bytesPerSecond }
    set { transferBudget = newValue.map { TransferBudget(bytesPerSecond: $0) } }
  }

  /// Seconds between one answer of a service and the next request to any service (`--sleep`): with a pause, the
  /// requests of every service and task made from these settings go one at a time, retries and redirects included;
  /// images are not spaced. 0 (the default): none. A negative or non-finite value is taken as 0, one above an hour
  /// as an hour.
  public var requestSpacing: TimeInterval {
    get { spacing?.seconds ?? 0 }
    set { spacing = newValue > 0 ? RequestSpacing(seconds: newValue) : nil }
  }

  /// The HTTP engine answers and images go through; by default libcurl where this build has it, URLSession
  /// elsewhere. An engine this build lacks is refused where a client is made.
  public var engine: HTTPEngineKind {
    get { engineChoice.value }
    set { engineChoice = Sourced(newValue, from: .given) }
  }

  /// A PEM file of the certificate authorities HTTPS servers, the services' and the image hosts' alike, are
  /// verified against instead of the system's (curl's `--cacert`, `SSL_CERT_FILE`), for a mirror behind a private
  /// CA; nil: the system's. Verification itself is never turned off. Needs libcurl: the URLSession engine on Linux
  /// cannot be given one, and a client made with both is refused rather than ignore the file.
  public var caFile: URL? {
    get { caFileChoice.map { URL(fileURLWithPath: $0.value) } }
    set { caFileChoice = newValue.map { Sourced($0.path, from: .given) } }
  }
}
