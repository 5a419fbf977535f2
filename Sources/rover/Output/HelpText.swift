/// ArgumentParser's help, arranged the way a reader looks for things: the command's own options first; the
/// connection options every command that asks a service shares, described once in `rover --help` and named in a
/// few lines elsewhere (as gh's "inherited flags"); and `[<options>]` in the usage line, since no option is
/// required (ArgumentParser spells a short option list out flag by flag, past 80 columns).
enum HelpText {
  static let connectionHeading = "CONNECTION OPTIONS:"
  /// Help is written for an 80-column terminal, as ArgumentParser wraps it when piped.
  static let width = 80

  /// - Parameters:
  ///   - discussion: the command's discussion as written, whose EXAMPLES replace ArgumentParser's re-flowed copy.
  ///   - layout: the width ArgumentParser laid the help out for.
  static func polish(_ text: String, discussion: String = "", layout: Int = width) -> String {
    let trailing = text.hasSuffix("\n") ? "\n" : ""
    var blocks = String(text.dropLast(trailing.count)).components(separatedBy: "\n\n")
    for index in blocks.indices where blocks[index].hasPrefix("USAGE:") {
      blocks[index] = usage(blocks[index])
    }
    if let index = blocks.firstIndex(where: { $0.hasPrefix("EXAMPLES:") }),
      let examples = examples(discussion, width: layout)
    {
      blocks[index] = examples
    }
    // `rover config` shows the settings: of the connection options, only those it reports change what it says.
    let settingsOnly = blocks.contains { $0.hasPrefix("USAGE: rover config") }
    let isRoot = blocks.contains { $0 == "USAGE: rover [<options>] <subcommand>" }
    if let connection = blocks.firstIndex(where: { $0.hasPrefix(connectionHeading) }) {
      let block = blocks.remove(at: connection)
      // After the command's own options.
      let options = blocks.firstIndex(where: { $0.hasPrefix("OPTIONS:") }).map { $0 + 1 } ?? blocks.count
      blocks.insert(
        isRoot ? block : compact(block, width: min(layout, width), only: settingsOnly ? settingsFlags : nil),
        at: options)
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

  /// The connection options that choose what `rover config` reports (the rest change how requests are made).
  static let settingsFlags: Set<String> = ["--service", "--base-url", "--api-key", "--cacert"]

  /// The connection options by name only (of `only`, when given), wrapped to the width, pointing to where they
  /// are described.
  static func compact(_ block: String, width: Int = width, only: Set<String>? = nil) -> String {
    let flags = block.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("  -") else { return nil }
      let words = line.split(separator: " ")
      if words[0].hasSuffix(","), words.count > 1 { return words[0].dropLast() + "/" + words[1] }
      return String(words[0])
    }.filter { flag in only.map { $0.contains(flag) } ?? true }
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
