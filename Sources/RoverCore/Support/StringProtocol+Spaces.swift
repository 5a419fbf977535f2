extension StringProtocol {
  /// The text without leading and trailing spaces: what `trimmingCharacters(in: .whitespaces)` gives, without
  /// Foundation, which on Linux copies the text into UTF-16 to trim it. A feed record has a few dozen values to
  /// trim; through Foundation that was a sixth of a listing's CPU.
  func trimmingSpaces() -> String { trimming(newlines: false) }

  /// The same for `.whitespacesAndNewlines`: line and paragraph separators go too.
  func trimmingSpacesAndNewlines() -> String { trimming(newlines: true) }

  private func trimming(newlines: Bool) -> String {
    let text = String(self)
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !Self.isSpace($0, newlines: newlines) }),
      let last = scalars.lastIndex(where: { !Self.isSpace($0, newlines: newlines) })
    else { return "" }
    if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return text }
    return String(scalars[first...last])
  }

  /// Foundation's lists (CoreFoundation's `whitespace` and `newline` sets): the tab and the space separators of
  /// Unicode as they were when it was written, which still counted U+200B ZERO WIDTH SPACE; then line feed to
  /// carriage return, next line, and the line and paragraph separators.
  private static func isSpace(_ scalar: Unicode.Scalar, newlines: Bool) -> Bool {
    switch scalar.value {
    case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: newlines
    default: false
    }
  }
}
