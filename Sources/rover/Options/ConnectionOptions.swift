import ArgumentParser
import Foundation
import RoverCore

/// How to reach the service. Declared on the root command and on each subcommand, so the flags work before or
/// after the subcommand name; `ConnectionSettings.resolve` lets a value given after the name win.
struct ConnectionOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Service: \(ServiceChoice.names.joined(separator: ", ")) (default: auto, live services per rover with fallback).",
      valueName: "name"), completion: Completions.services)
  var service: String?

  @Option(help: ArgumentHelp("Base URL of any compatible service (overrides the preset's).", valueName: "url"))
  var baseURL: String?

  @Option(help: ArgumentHelp("API key (prefer ROVER_API_KEY: flags show up in `ps`).", valueName: "key"))
  var apiKey: String?

  @Option(help: ArgumentHelp("Seconds to wait for each response (default: 30).", valueName: "seconds"))
  var timeout: Double?

  @Option(help: ArgumentHelp("Retries after 429, 5xx, timeouts and dropped connections (default: 3).", valueName: "n"))
  var retries: Int?

  @Option(
    name: .customLong("cacert"),
    help: ArgumentHelp(
      "PEM file of the CAs to verify HTTPS servers against instead of the system's, as curl's --cacert "
        + "(default: CURL_CA_BUNDLE or SSL_CERT_FILE when set). Verification is never turned off.",
      valueName: "file"), completion: .file())
  var caFile: String?

  @Option(
    help: ArgumentHelp(
      "Base URL of NASA's mission-map layers, where positions come from (default: https://mars.nasa.gov).",
      valueName: "url"))
  var placesURL: String?

  @Flag(name: .shortAndLong, help: "Log each request (key redacted) to stderr.")
  var verbose = false

  @Flag(help: "Never use the network: answer from the response cache whatever its age.")
  var offline = false

  @Flag(help: "Ignore cached answers; ask the service and store the new answer.")
  var refresh = false

  @Flag(help: "Neither read nor write the response cache.")
  var noCache = false

  @Option(
    help: ArgumentHelp("Treat cached answers younger than this as fresh (e.g. 90s, 10m, 2h, 7d).", valueName: "age"))
  var maxAge: String?

  @Option(
    help: ArgumentHelp(
      "Most bytes a second over all transfers together, as curl writes it (e.g. 500K, 2M).", valueName: "rate"))
  var limitRate: String?

  @Option(
    help: ArgumentHelp(
      "Seconds between an answer and the next request to the service; requests go one at a time (images excepted).",
      valueName: "seconds"))
  var sleep: Double?

  func validate() throws {
    if let limitRate, ByteRateText.parse(limitRate) == nil {
      throw ValidationError(
        "--limit-rate must be bytes a second such as 500K or 2M (from 1K to 1T), got '\(limitRate)'")
    }
    if let sleep, !(sleep >= 0 && sleep <= RequestSpacing.maxSeconds) {
      throw ValidationError(
        "--sleep must be from 0 to \(Int(RequestSpacing.maxSeconds)) seconds, got \(String(format: "%g", sleep))")
    }
    if let timeout, !(timeout > 0 && timeout <= 3600) {
      throw ValidationError(
        "--timeout must be more than 0 and at most 3600 seconds, got \(String(format: "%g", timeout))")
    }
    if let retries, !(0...20).contains(retries) {
      throw ValidationError("--retries must be between 0 and 20, got \(retries)")
    }
    if let maxAge, DurationText.parse(maxAge) == nil {
      throw ValidationError("--max-age must be a duration such as 90s, 10m, 2h or 7d, got '\(maxAge)'")
    }
    if [offline, refresh, noCache].filter({ $0 }).count > 1 {
      throw ValidationError("--offline, --refresh and --no-cache exclude each other")
    }
  }

  /// What was typed here, for `ConnectionSettings.resolve`, which weighs it against the other places.
  var flags: ConnectionSettings.Flags {
    let use: CacheMode.Use? = offline ? .offline : refresh ? .refresh : noCache ? .disabled : nil
    var flags = ConnectionSettings.Flags(
      service: service, baseURL: baseURL, apiKey: apiKey, timeout: timeout, retries: retries, verbose: verbose,
      cacheUse: use, maxAge: maxAge.flatMap(DurationText.parse))
    flags.maxBytesPerSecond = limitRate.flatMap(ByteRateText.parse)
    flags.requestSpacing = sleep
    flags.caFile = caFile
    flags.placesURL = placesURL
    flags.names.placesURL = "--places-url"
    flags.names.caFile = "--cacert"
    flags.names.service = "--service"
    flags.names.baseURL = "--base-url"
    flags.names.apiKey = "--api-key"
    return flags
  }
}
