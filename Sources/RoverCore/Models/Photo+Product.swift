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
