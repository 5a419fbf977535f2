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

  func validate() throws {
    if let timeout, !(timeout > 0 && timeout <= 3600) {
      throw ValidationError("--timeout must be between 0 and 3600 seconds, got \(timeout)")
    }
    if let retries, !(0...20).contains(retries) {
      throw ValidationError("--retries must be between 0 and 20, got \(retries)")
    }
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
    return result
  }

  var flags: ConnectionSettings.Flags {
    ConnectionSettings.Flags(service: service, baseURL: baseURL, apiKey: apiKey)
  }
}
