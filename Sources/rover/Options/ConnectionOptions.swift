import ArgumentParser
import Foundation
import RoverCore

/// How to reach the service. Declared on the root command and on each subcommand, so the flags work before or
/// after the subcommand name; a value given after the name wins.
struct ConnectionOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Service preset: \(ServicePreset.allCases.map(\.rawValue).joined(separator: ", ")) (default: nebulum).",
      valueName: "name"))
  var service: String?

  @Option(help: ArgumentHelp("Base URL of any compatible service (overrides the preset's).", valueName: "url"))
  var baseURL: String?

  @Option(help: ArgumentHelp("API key (prefer ROVER_API_KEY: flags show up in `ps`).", valueName: "key"))
  var apiKey: String?

  @Option(help: ArgumentHelp("Seconds to wait for each response (default: 30).", valueName: "seconds"))
  var timeout: Double?

  @Option(help: ArgumentHelp("Retries after 429, 5xx and network errors (default: 3).", valueName: "n"))
  var retries: Int?

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
      "nasa-raw: Perseverance image size, small|medium|large|full (default: large).", valueName: "size"))
  var size: RawFeedOptions.ImageSize?

  @Flag(help: "nasa-raw: keep thumbnails and other partial samples, not only full frames.")
  var includeThumbnails = false

  @Flag(help: "nasa-raw: include Ingenuity's cameras with Perseverance.")
  var ingenuity = false

  func validate() throws {
    if let timeout, !(timeout > 0 && timeout <= 3600) {
      throw ValidationError("--timeout must be between 0 and 3600 seconds, got \(timeout)")
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

  var cacheMode: CacheMode {
    let use: CacheMode.Use = offline ? .offline : refresh ? .refresh : noCache ? .disabled : .normal
    return CacheMode(use, maxAge: maxAge.flatMap(DurationText.parse))
  }

  /// This set's values where given, the other set's elsewhere.
  func merged(over parent: ConnectionOptions) -> ConnectionOptions {
    var result = self
    result.service = service ?? parent.service
    result.baseURL = baseURL ?? parent.baseURL
    result.apiKey = apiKey ?? parent.apiKey
    result.timeout = timeout ?? parent.timeout
    result.retries = retries ?? parent.retries
    result.verbose = verbose || parent.verbose
    result.offline = offline || parent.offline
    result.refresh = refresh || parent.refresh
    result.noCache = noCache || parent.noCache
    result.maxAge = maxAge ?? parent.maxAge
    result.size = size ?? parent.size
    result.includeThumbnails = includeThumbnails || parent.includeThumbnails
    result.ingenuity = ingenuity || parent.ingenuity
    return result
  }

  var rawFeedOptions: RawFeedOptions {
    RawFeedOptions(size: size ?? .large, includeThumbnails: includeThumbnails, includeIngenuity: ingenuity)
  }

  var flags: ConnectionSettings.Flags {
    ConnectionSettings.Flags(service: service, baseURL: baseURL, apiKey: apiKey)
  }
}

extension RawFeedOptions.ImageSize: ExpressibleByArgument {}
