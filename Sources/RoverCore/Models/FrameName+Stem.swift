extension FrameName {
  /// ``stem(of:)`` of ASCII text, by bytes: the same steps as ``unicodeStem(of:)`` (a test holds the two together),
  /// which on ASCII are byte steps (no `Character` of ASCII but `\r\n` spans two bytes, and neither byte of it is
  /// one looked for). `FrameName(_:)` reads every photo's `img_src` twice in a listing (the version filter, the JSON
  /// line), and the `Character` steps were a tenth of `photos --format jsonl`'s CPU.
  static func asciiStem(of text: String) -> (stem: String, merSuffix: String?)? {
    var bytes = Array(text.utf8)[...]
    // Trimmed as `trimmingSpacesAndNewlines()` trims ASCII: space, tab, and line feed through carriage return.
    let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
    while let first = bytes.first, isSpace(first) { bytes.removeFirst() }
    while let last = bytes.last, isSpace(last) { bytes.removeLast() }
    if let cut = bytes.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
      bytes = bytes[..<cut]
    }
    if let slash = bytes.lastIndex(of: UInt8(ascii: "/")) { bytes = bytes[(slash + 1)...] }
    for _ in 0..<2 {
      guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { break }
      let ext = String(decoding: bytes[(dot + 1)...], as: UTF8.self).lowercased()
      guard knownExtensions.contains(ext) else { return nil }
      bytes = bytes[..<dot]
    }
    var merSuffix: String?
    for suffix in merGallerySuffixes where bytes.count == 27 + suffix.utf8.count {
      guard bytes.suffix(suffix.utf8.count).map(upper).elementsEqual(suffix.utf8) else { continue }
      merSuffix = suffix
      bytes = bytes.dropLast(suffix.utf8.count)
    }
    guard !bytes.isEmpty, bytes.allSatisfy({ Bytes.isNameCharacter($0) }) else { return nil }
    var stem = bytes.map(upper)[...]
    for suffix in renditionSuffixes
    where stem.count == 54 + suffix.utf8.count && stem.suffix(suffix.utf8.count).elementsEqual(suffix.utf8) {
      stem = stem.dropLast(suffix.utf8.count)
    }
    return (String(decoding: stem, as: UTF8.self), merSuffix)
  }

  private static func upper(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 0x20 : byte
  }
}
