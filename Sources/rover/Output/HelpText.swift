/// ArgumentParser's help, arranged the way a reader looks for things: the command's own options first; the
/// connection options every command that asks a service shares, described once in `rover --help` and named in a
/// few lines elsewhere (as gh's "inherited flags"); and `[<options>]` in the usage line, since no option is
/// required (ArgumentParser spells a short option list out flag by flag, past 80 columns).
enum HelpText {
  static let connectionHeading = "CONNECTION OPTIONS:"
  /// Help is written for an 80-column terminal, as ArgumentParser wraps it when piped.
  static let width = 80

  static func polish(_ text: String) -> String {
    let trailing = text.hasSuffix("\n") ? "\n" : ""
    var blocks = String(text.dropLast(trailing.count)).components(separatedBy: "\n\n")
    for index in blocks.indices where blocks[index].hasPrefix("USAGE:") {
      blocks[index] = usage(blocks[index])
    }
    let isRoot = blocks.contains { $0 == "USAGE: rover [<options>] <subcommand>" }
    if let connection = blocks.firstIndex(where: { $0.hasPrefix(connectionHeading) }) {
      let block = blocks.remove(at: connection)
      // After the command's own options.
      let options = blocks.firstIndex(where: { $0.hasPrefix("OPTIONS:") }).map { $0 + 1 } ?? blocks.count
      blocks.insert(isRoot ? block : compact(block), at: options)
    }
    return blocks.joined(separator: "\n\n") + trailing
  }

  /// `USAGE: rover cameras [<options>] <rover>`: every optional flag folded into one `[<options>]` after the
  /// command's own words.
  static func usage(_ block: String) -> String {
    guard block.contains(" [-") || block.contains("<options>") else { return block }
    let bare = block.replacingOccurrences(of: #" \[-[^\]]*\]"#, with: "", options: .regularExpression)
      .replacingOccurrences(of: "[<options>]", with: "<options>")
      .replacingOccurrences(of: " <options>", with: "")
    var words = bare.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    let firstArgument = words.indices.dropFirst(2).first { index in
      words[index].first.map { "<[-".contains($0) } ?? true
    }
    words.insert("[<options>]", at: firstArgument ?? words.count)
    return words.joined(separator: " ")
  }

  /// The connection options by name only, wrapped to the width, pointing to where they are described.
  static func compact(_ block: String) -> String {
    let flags = block.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("  -") else { return nil }
      let words = line.split(separator: " ")
      if words[0].hasSuffix(","), words.count > 1 { return words[0].dropLast() + "/" + words[1] }
      return String(words[0])
    }
    var lines = ["CONNECTION OPTIONS (described in rover --help):"]
    var current = " "
    for (index, flag) in flags.enumerated() {
      let item = " " + flag + (index + 1 < flags.count ? "," : "")
      if current.count + item.count > width {
        lines.append(current)
        current = " "
      }
      current += item
    }
    lines.append(current)
    return lines.joined(separator: "\n")
  }
}
