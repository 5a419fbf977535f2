/// Characters a terminal acts on instead of showing (C0, DEL, C1) and those that reorder text invisibly (bidi
/// controls): the ones a hostile server would put in a camera name or a URL.
package enum ControlCharacters {
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F..<0xA0: return true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// Each control character as a visible escape (`\x1B`, `\u{202E}`), so a person sees that it was there.
  package static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var output = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if !isControl(scalar) || (keepingNewlines && scalar == "\n") {
        output.append(scalar)
      } else {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let visible = scalar.value < 0x100 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{" + hex + "}"
        output.append(contentsOf: visible.unicodeScalars)
      }
    }
    return String(output)
  }
}
