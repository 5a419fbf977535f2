import ArgumentParser
import Foundation

/// The EXAMPLES of a command's help, as written rather than as ArgumentParser re-flows them: it wraps the
/// discussion like prose, so at 40 columns an example's second half began at column 0 and no longer pasted as one
/// command. Here a line too long for the width is broken between words with a ` \` continuation (a comment with
/// `# `), indented under its start, so every line still pastes into a shell.
extension HelpText {
  /// The width help is laid out for: ArgumentParser's own rule (`COLUMNS`, else the terminal's, else 80).
  static var layoutWidth: Int {
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 {
      return columns
    }
    return Terminal.stdoutWidth ?? width
  }

  /// The command whose help `arguments` ask for: the deepest subcommand named, skipping options and their values.
  static func helpedCommand(_ arguments: ArraySlice<String>) -> any ParsableCommand.Type {
    var command: any ParsableCommand.Type = RoverCommand.self
    for word in arguments where !word.hasPrefix("-") {
      if let next = command.configuration.subcommands.first(where: { $0._commandName == word }) { command = next }
    }
    return command
  }

  /// The EXAMPLES block of `discussion` (up to its first blank line), each line fitted to `width`; nil when the
  /// discussion has none.
  static func examples(_ discussion: String, width: Int) -> String? {
    guard let start = discussion.range(of: "EXAMPLES:\n") else { return nil }
    let lines = discussion[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
      .prefix { !$0.isEmpty }
    return (["EXAMPLES:"] + lines.flatMap { fitted(String($0), width: width) }).joined(separator: "\n")
  }

  /// One example line as lines of at most `width - 1` columns (the last column wraps on some terminals), broken
  /// only between words outside quotes; a word longer than that stays whole.
  static func fitted(_ line: String, width: Int) -> [String] {
    let room = max(20, width - 1)
    guard line.count > room else { return [line] }
    let indent = String(line.prefix { $0 == " " })
    let body = line.dropFirst(indent.count)
    let comment = body.hasPrefix("# ")
    var words = shellWords(comment ? String(body.dropFirst(2)) : String(body))
    // A line the example itself continues keeps its ` \` at the end of its last piece.
    let continued = !comment && words.last == "\\"
    if continued { words.removeLast() }
    let first = comment ? indent + "# " : indent
    let next = comment ? indent + "# " : indent + "    "
    let suffix = comment ? "" : " \\"
    var lines: [String] = []
    var current = first
    for word in words {
      let start = current == first || current == next
      if !start, current.count + 1 + word.count + suffix.count > room {
        lines.append(current + suffix)
        current = next
      }
      current += (current == first || current == next ? "" : " ") + word
    }
    lines.append(current + (continued ? suffix : ""))
    return lines
  }

  /// Words split at spaces outside single and double quotes, quotes kept.
  static func shellWords(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    for character in text {
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "'" || character == "\"" {
        quote = character
      } else if character == " " {
        if !current.isEmpty { words.append(current) }
        current = ""
        continue
      }
      current.append(character)
    }
    if !current.isEmpty { words.append(current) }
    return words
  }
}
