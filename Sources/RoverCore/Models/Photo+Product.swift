extension Photo {
  /// The frame itself, whichever service lists it: NASA's product id, as the image file's stem (upper case, no
  /// extension, no rendition size). A numeric id on an API copy and a string id on the raw feeds name the same
  /// frame by the same key, so a fallback never downloads a frame twice.
  package var productKey: String {
    // The URL's bytes, not its characters: this runs for every photo a download records.
    let utf8 = imageSource.utf8
    let end = utf8.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? utf8.endIndex
    var last = end
    while last > utf8.startIndex, utf8[utf8.index(before: last)] == UInt8(ascii: "/") {
      last = utf8.index(before: last)
    }
    let start = utf8[..<last].lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
    let stem = utf8[start..<(utf8[start..<last].firstIndex(of: UInt8(ascii: ".")) ?? last)]
    // Upper-casing beyond ASCII is Unicode's business.
    guard stem.allSatisfy({ $0 < 0x80 }) else { return Self.productKey(unicodeStem: String(Substring(stem)), id: id) }
    let upper = stem.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
    return Self.withoutRendition(String(decoding: upper, as: UTF8.self), id: id)
  }

  private static func productKey(unicodeStem stem: String, id: PhotoID) -> String {
    withoutRendition(stem.uppercased(), id: id)
  }

  private static func withoutRendition(_ stem: String, id: PhotoID) -> String {
    var key = stem
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
  package struct FrameVersion: Sendable, Equatable {
    /// The stem without its version digits.
    package var frame: String
    package var number: Int
  }

  /// A photo's identity in a listing: its id, and its version where the id has none (Perseverance's `imageid`
  /// names a frame, and a re-sent version listed beside the older one comes with the same id). Listings drop
  /// repeats by this key, so both versions reach the version filter whatever their order.
  package struct ListingKey: Hashable, Sendable {
    var id: PhotoID
    var version: Int?
  }

  package var listingKey: ListingKey { ListingKey(id: id, version: frameVersion?.number) }

  package var frameVersion: FrameVersion? {
    guard Mission(name: rover.name) == .perseverance else { return nil }
    let key = productKey
    // A product id of seven fields whose last is the downsampling digit, two compression characters (`95`, `LL`,
    // `I1`), the producer's letter and the version's two digits (`…_01_295J01`, `…_00_0LLJ05`; api-reference 8.7):
    // anything looser would take other names' trailing numbers for versions.
    let fields = key.split(separator: "_", omittingEmptySubsequences: false)
    guard fields.count >= 7, let last = fields.last, last.utf8.count == 6 else { return nil }
    let bytes = Array(last.utf8)
    let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
    let isUpper = { (byte: UInt8) in (0x41...0x5A).contains(byte) }
    guard isDigit(bytes[0]), bytes[1..<3].allSatisfy({ isDigit($0) || isUpper($0) }), isUpper(bytes[3]),
      isDigit(bytes[4]), isDigit(bytes[5])
    else { return nil }
    return FrameVersion(frame: String(key.dropLast(2)), number: Int(bytes[4] - 0x30) * 10 + Int(bytes[5] - 0x30))
  }
}
