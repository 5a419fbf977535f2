extension ExecCommand {
  /// Splits `text` like a POSIX shell would split a simple command: blanks separate words, `'…'` is literal,
  /// `"…"` is literal but for `\"`, `\\`, `\$` and `` \` ``, and a backslash outside quotes escapes the next
  /// character. Anything else a shell would do (`$VAR`, `;`, `|`, globs) is not done: those are plain characters.
  /// - Throws: `ExecCommandError.unbalanced` for a quote left open.
  static func split(_ text: String) throws -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var iterator = text.makeIterator()
    while let character = iterator.next() {
      switch character {
      case " ", "\t", "\n":
        if inWord { words.append(word) }
        word = ""
        inWord = false
      case "'":
        inWord = true
        var closed = false
        while let next = iterator.next() {
          if next == "'" {
            closed = true
            break
          }
          word.append(next)
        }
        guard closed else { throw ExecCommandError.unbalanced("'") }
      case "\"":
        inWord = true
        var closed = false
        while let next = iterator.next() {
          if next == "\"" {
            closed = true
            break
          }
          if next == "\\" {
            guard let escaped = iterator.next() else { break }
            if !"\"\\$`".contains(escaped) { word.append("\\") }
            word.append(escaped)
          } else {
            word.append(next)
          }
        }
        guard closed else { throw ExecCommandError.unbalanced("\"") }
      case "\\":
        inWord = true
        if let escaped = iterator.next(), escaped != "\n" { word.append(escaped) }
      default:
        inWord = true
        word.append(character)
      }
    }
    if inWord { words.append(word) }
    return words
  }
}
