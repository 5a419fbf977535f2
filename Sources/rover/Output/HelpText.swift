/// ArgumentParser's help, arranged the way a reader looks for things: the command's own options first, then the
/// connection options every command shares under their own heading; and `[<options>]` in the usage line, since no
/// option is required (ArgumentParser writes `<options>` when a command has no positional argument).
enum HelpText {
  static let connectionHeading = "CONNECTION OPTIONS:"

  static func polish(_ text: String) -> String {
    var blocks = text.components(separatedBy: "\n\n")
    for index in blocks.indices where blocks[index].hasPrefix("USAGE:") {
      var usage = blocks[index].replacingOccurrences(of: " <options>", with: " [<options>]")
        .replacingOccurrences(of: "[[<options>]]", with: "[<options>]")
      // A short option list is spelled out flag by flag; every command's usage reads the same way instead.
      if let range = usage.range(of: #"( \[-[^\]]*\])+"#, options: .regularExpression) {
        usage.replaceSubrange(range, with: " [<options>]")
      }
      blocks[index] = usage
    }
    if let connection = blocks.firstIndex(where: { $0.hasPrefix(connectionHeading) }),
      let options = blocks.firstIndex(where: { $0.hasPrefix("OPTIONS:") }), connection < options
    {
      let block = blocks.remove(at: connection)
      // Keep the trailing newline where it was: on the last block.
      let isLast = options == blocks.count
      var moved = block
      if isLast, blocks[options - 1].hasSuffix("\n") {
        blocks[options - 1].removeLast()
        moved += "\n"
      }
      blocks.insert(moved, at: options)
    }
    return blocks.joined(separator: "\n\n")
  }
}
