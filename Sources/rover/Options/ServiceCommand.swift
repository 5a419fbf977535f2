import ArgumentParser
import Foundation
import RoverCore

/// A subcommand that talks to a service: its connection flags, and the root's, resolved once into settings.
protocol ServiceCommand {
  var root: RoverCommand { get }
  var connection: ConnectionOptions { get }
}

extension ServiceCommand {
  /// Flags after the subcommand name win over those before it.
  func settings() throws -> ConnectionSettings {
    var environment = ProcessInfo.processInfo.environment
    // The library reads only the folders it is given: a command run without HOME (some cron and service set-ups)
    // still finds the user's settings and cache in the home directory the system knows.
    if environment["HOME"]?.isEmpty ?? true { environment["HOME"] = NSHomeDirectory() }
    let settings = try ConnectionSettings.resolve(
      flags: [connection.flags, root.connection.flags], environment: environment,
      currentDirectory: FileManager.default.currentDirectoryPath)
    for warning in settings.warnings { StandardError.line("rover: warning: \(warning)") }
    return settings
  }

  /// The client every listing and download of the command goes through, as a library user's would: the command's
  /// photo choices (`rawFeed`), its frame filter, and its events printed.
  func client(
    _ rawFeed: RawFeedOptions = RawFeedOptions(), filter: PhotoFilter = PhotoFilter(),
    settings: ConnectionSettings? = nil
  ) throws -> PhotoClient {
    let settings = try settings ?? self.settings()
    return try PhotoClient(
      settings: settings, rawFeed: rawFeed, filter: filter,
      events: ClientEventPrinter.handler(verbose: settings.verbose))
  }
}

/// Rover names are passed to the service as typed (it knows its rovers); only obvious junk is refused here.
func validateRoverName(_ name: String) throws {
  guard !name.isEmpty, name.count <= 64, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
  else {
    throw ValidationError("invalid rover name '\(name)'")
  }
}
