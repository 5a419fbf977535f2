import Foundation

/// Makes untrusted text safe as one path component on Linux and on the file systems people copy photos to.
enum FileNameSanitizer {
  /// 255 bytes is the common file-name limit; leave room for the `.json` sidecar and temporary suffixes.
  static let maxComponentBytes = 180

  /// Removes separators so a value stays inside its component.
  static func flatten(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) else { return text }
    return String(text.map { $0 == "/" || $0 == "\\" ? "_" : $0 })
  }

  /// Printable ASCII with nothing to replace, trim or cut: most names, checked byte by byte without building
  /// a new string.
  private static func isAlreadySafe(_ raw: String) -> Bool {
    let bytes = raw.utf8
    guard let first = bytes.first, let last = bytes.last, bytes.count <= maxComponentBytes,
      first != UInt8(ascii: "."), first != UInt8(ascii: " "), last != UInt8(ascii: " ")
    else { return false }
    return bytes.allSatisfy { byte in
      byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "/") && byte != UInt8(ascii: "\\")
        && byte != UInt8(ascii: ":")
    }
  }

  static func component(_ raw: String) -> String {
    if isAlreadySafe(raw) { return raw }
    var text = String(
      raw.unicodeScalars.map { scalar -> Character in
        if ControlCharacters.isControl(scalar) || scalar == "/" || scalar == "\\" || scalar == ":" {
          return "_"
        }
        return Character(scalar)
      })
    // Plain Swift rather than Foundation's trimming, which bridges through NSString for every photo.
    while text.first == " " || text.first == "\t" { text.removeFirst() }
    while text.last == " " || text.last == "\t" { text.removeLast() }
    // A leading dot would hide the file, and `.`/`..` would walk the tree.
    while text.hasPrefix(".") { text.removeFirst() }
    if text.isEmpty { return "" }
    return truncated(text)
  }

  /// Shortens by UTF-8 bytes, keeping a short extension so the file still opens as an image, and ending the cut
  /// stem with a hash of the whole text: what was cut off (often `{id}`, after a long camera name) still tells
  /// names apart.
  private static func truncated(_ text: String) -> String {
    guard text.utf8.count > maxComponentBytes else { return text }
    var stem = text
    var ext = ""
    if let dot = text.lastIndex(of: "."), text.distance(from: dot, to: text.endIndex) <= 6 {
      stem = String(text[..<dot])
      ext = String(text[dot...])
    }
    let mark = "~" + String(String(StableHash.value(text), radix: 16).suffix(12))
    while stem.utf8.count + mark.utf8.count + ext.utf8.count > maxComponentBytes, !stem.isEmpty {
      stem.removeLast()
    }
    return stem + mark + ext
  }
}
