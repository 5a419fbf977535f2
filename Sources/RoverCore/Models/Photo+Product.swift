extension Photo {
  /// The frame itself, whichever service lists it: NASA's product id, as the image file's stem (upper case, no
  /// extension, no rendition size). A numeric id on an API copy and a string id on the raw feeds name the same
  /// frame by the same key, so a fallback never downloads a frame twice.
  public var productKey: String {
    let path = imageSource.prefix { $0 != "?" && $0 != "#" }
    var stem = Substring(path.split(separator: "/").last ?? "")
    if let dot = stem.firstIndex(of: ".") { stem = stem[..<stem.index(dot, offsetBy: 0)] }
    var key = stem.uppercased()
    // Perseverance's renditions: `…J01_1200.jpg`, `…J01_800.jpg`, `…J01_320.jpg` and the full `…J01.png`.
    for suffix in ["_1200", "_800", "_320"] where key.hasSuffix(suffix) {
      key.removeLast(suffix.count)
      break
    }
    return key.isEmpty ? id.description : key
  }
}

extension Photo {
  /// A frame NASA may re-send in a newer version (api-reference 4.1, gotcha 6): Perseverance's image stems end in
  /// the product version's two digits (`…_295J01`), and two stems equal but for them are versions of one frame.
  public struct FrameVersion: Sendable, Equatable {
    /// The stem without its version digits.
    public var frame: String
    public var number: Int
  }

  public var frameVersion: FrameVersion? {
    guard rover.name.lowercased() == "perseverance" else { return nil }
    let key = productKey
    // A product id of seven fields whose last is three digits, a letter, and the version's two digits
    // (`…_01_295J01`): anything looser would take other names' trailing numbers for versions.
    let fields = key.split(separator: "_", omittingEmptySubsequences: false)
    guard fields.count >= 7, let last = fields.last, last.utf8.count == 6 else { return nil }
    let bytes = Array(last.utf8)
    let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
    guard bytes[0..<3].allSatisfy(isDigit), (0x41...0x5A).contains(bytes[3]), isDigit(bytes[4]), isDigit(bytes[5])
    else { return nil }
    return FrameVersion(frame: String(key.dropLast(2)), number: Int(bytes[4] - 0x30) * 10 + Int(bytes[5] - 0x30))
  }
}
