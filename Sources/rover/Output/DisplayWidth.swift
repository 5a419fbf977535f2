/// How many terminal columns text takes: East Asian wide and emoji characters take two, combining marks none.
/// Enough of Unicode's width tables for what servers send (titles, camera names), without a dependency.
enum DisplayWidth {
  static func of(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + width($1) }
  }

  static func width(_ scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
      0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }

  /// `text` cut to `limit` columns, its last column an ellipsis when anything was cut.
  static func truncated(_ text: String, to limit: Int) -> String {
    guard of(text) > limit else { return text }
    guard limit > 1 else { return limit == 1 ? "…" : "" }
    var result = ""
    var used = 0
    for character in text {
      let width = of(String(character))
      if used + width > limit - 1 { break }
      result.append(character)
      used += width
    }
    return result + "…"
  }
}
