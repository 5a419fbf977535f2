import ArgumentParser
import Foundation

/// A misspelt flag, found before any of the command's own checks speak: ArgumentParser validates what it parsed
/// before it complains about what it could not, so `--sole 1` would otherwise be reported as a missing `--sol`.
enum UnknownOption {
  /// "unknown option '--sole'; did you mean '--sol'?" for the first flag the command does not have, or nil.
  static func message(for arguments: ArraySlice<String>) -> String? {
    guard let tree = commandTree() else { return nil }
    var command = tree
    var known = names(of: tree)
    for argument in arguments {
      if argument == "--" { break }
      if !argument.hasPrefix("-") {
        // The first plain word that names a subcommand moves into it; its flags are the ones that count.
        if let sub = (command["subcommands"] as? [[String: Any]])?.first(where: {
          $0["commandName"] as? String == argument
        }) {
          command = sub
          known = names(of: sub)
        }
        continue
      }
      guard argument.hasPrefix("--"), argument.count > 2 else { continue }
      let name = String(argument.dropFirst(2).prefix { $0 != "=" })
      guard !known.contains(name), !["help", "version", "generate-completion-script"].contains(name) else { continue }
      let hint = Suggestion.closest(to: name, in: Array(known)).map { "; did you mean '--\($0)'?" } ?? ""
      return "unknown option '--\(name)'\(hint)"
    }
    return nil
  }

  private static func commandTree() -> [String: Any]? {
    let json = RoverCommand._dumpHelp()
    let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    return object?["command"] as? [String: Any]
  }

  private static func names(of command: [String: Any]) -> Set<String> {
    var names = Set<String>()
    for argument in command["arguments"] as? [[String: Any]] ?? [] {
      for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String != "short" {
        if let text = name["name"] as? String { names.insert(text) }
      }
    }
    return names
  }
}
