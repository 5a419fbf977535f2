import Foundation

// The Mars 2020 grammar (api-reference 8.7), 0-based slices of the 52- or 54-character stem:
//
//   N L F _ 0050 _ 0671382174 _ 448 ECM _ N 003 1950 NCAM00500 _01_ 2 95 J [01]
//   0 1 2 3 4:8  8 9:19       19 20:23 23:26 26 27 28:31 31:35 35:44 44:48 48 49:51 51 52:54
//
// Ingenuity's HELI_NAV/HELI_RTE names follow the same grammar: a real one is
// HNM_0940_0750380769_871ECM_N0620001HELI03793_0000A0J (see Fixtures/frames/README.md).

extension FrameName {
  /// Decodes a 52- or 54-character Mars 2020 / Ingenuity stem, or `nil` when a field breaks the grammar.
  static func perseverance(_ bytes: Bytes) -> FrameName? {
    guard perseveranceLayoutFits(bytes),
      let sol = bytes.number(4..<8),
      let seconds = bytes.number(9..<19),
      let site = counter(bytes, 28..<31),
      let drive = bytes.number(31..<35),
      let downsampleDigit = bytes.number(48..<49)
    else { return nil }
    let instrument = bytes.text(0..<2)
    guard let optics = perseveranceOptics(bytes) else { return nil }
    let tileStyle = bytes.is(47, "_")
    let tileNumber = tileStyle ? bytes.number(45..<47) : nil
    // Parsing the decimal text rounds once, so 671382174.448 is the same Double as the literal.
    let clock = "\(seconds).\(bytes.text(20..<23))"
    return FrameName(
      mission: instrument == "HN" || instrument == "HS" ? .ingenuity : .mars2020,
      camera: optics.camera,
      eye: optics.eye,
      color: optics.color,
      filter: optics.filter,
      sol: sol,
      sclk: Double(clock),
      product: bytes.text(23..<26),
      thumbnail: bytes.is(27, "T"),
      site: site,
      drive: drive,
      sequence: bytes.text(35..<44),
      tile: tileNumber == 0 ? nil : tileNumber,
      downsample: 1 << downsampleDigit,
      compression: bytes.text(49..<51),
      version: bytes.count == 54 ? bytes.number(52..<54) : nil,
      stem: bytes.text(0..<bytes.count)
    )
  }

  /// Checks every separator and character class of the Mars 2020 layout, so decoding never reads a wrong field.
  private static func perseveranceLayoutFits(_ bytes: Bytes) -> Bool {
    guard bytes.count == 52 || bytes.count == 54 else { return false }
    let separators =
      bytes.is(3, "_") && bytes.is(8, "_") && bytes.is(19, "_") && bytes.is(44, "_")
    let head =
      bytes.letters(0..<2) && bytes.alphanumerics(2..<3) && bytes.digits(4..<8) && bytes.digits(9..<19)
      && bytes.digits(20..<23) && bytes.letters(23..<26)
    // Slice 26 is the geometry flag (`_` raw, a letter once linearised); 27 is N(ormal) or T(humbnail).
    let flags =
      (bytes.is(26, "_") || bytes.isLetter(26)) && (bytes.is(27, "N") || bytes.is(27, "T"))
    let position = bytes.alphanumerics(28..<31) && bytes.digits(31..<35)
    let tail =
      isSequence(bytes, 35) && perseveranceCameraFieldFits(bytes) && bytes.isDigit(48)
      && bytes.alphanumerics(49..<51) && bytes.isLetter(51)
    let version = bytes.count == 52 || bytes.digits(52..<54)
    return separators && head && flags && position && tail && version
  }

  /// Slices 45–47: `TT_` (engineering-camera tile) or three digits (Mastcam-Z focal length in mm, others' counters).
  private static func perseveranceCameraFieldFits(_ bytes: Bytes) -> Bool {
    (bytes.digits(45..<47) && bytes.is(47, "_")) || bytes.digits(45..<48)
  }

  /// A nine-character sequence id: a letter, three letters/digits/underscores, five digits (`NCAM00500`,
  /// `AUT_04096`, `LVS_04000`, `HELI03793`).
  static func isSequence(_ bytes: Bytes, _ start: Int) -> Bool {
    bytes.isLetter(start)
      && (start + 1..<start + 4).allSatisfy { bytes.isLetter($0) || bytes.isDigit($0) || bytes.is($0, "_") }
      && bytes.digits(start + 4..<start + 9)
  }

  /// Camera, eye, color and filter from slices 0–2, or `nil` when a stereo camera's slice 2 has the wrong class.
  private static func perseveranceOptics(
    _ bytes: Bytes
  ) -> (camera: String, eye: Eye?, color: String?, filter: String?)? {
    let family = bytes.character(0)
    let slice2 = bytes.character(2)
    if let eye = eyeLetter(bytes[1]), let names = perseveranceStereoCameras[family] {
      let camera = eye == .left ? names.left : names.right
      if family == "Z" {
        // Mastcam-Z writes its filter wheel position here; PDS products may write a letter instead.
        return bytes.isDigit(2) ? (camera, eye, nil, slice2) : (camera, eye, slice2, nil)
      }
      guard bytes.isLetter(2) else { return nil }
      return (camera, eye, slice2, nil)
    }
    let code = bytes.text(0..<2)
    return (perseveranceMonoCameras[code] ?? code, nil, slice2, nil)
  }

  /// `L` or `R` as an eye.
  static func eyeLetter(_ byte: UInt8) -> Eye? {
    switch byte {
    case UInt8(ascii: "L"): return .left
    case UInt8(ascii: "R"): return .right
    default: return nil
    }
  }

  /// Stereo cameras by first letter, spelt as the feed's `camera.instrument`; `B` is the front Hazcam pair on the
  /// rover's B-side computer (api-reference 8.7).
  static let perseveranceStereoCameras: [String: (left: String, right: String)] = [
    "N": ("NAVCAM_LEFT", "NAVCAM_RIGHT"),
    "F": ("FRONT_HAZCAM_LEFT_A", "FRONT_HAZCAM_RIGHT_A"),
    "B": ("FRONT_HAZCAM_LEFT_B", "FRONT_HAZCAM_RIGHT_B"),
    "R": ("REAR_HAZCAM_LEFT", "REAR_HAZCAM_RIGHT"),
    "Z": ("MCZ_LEFT", "MCZ_RIGHT"),
  ]

  /// Mono cameras by two-letter code, spelt as the feed's `camera.instrument`; an unlisted code is kept as it is.
  static let perseveranceMonoCameras: [String: String] = [
    "SI": "SHERLOC_WATSON",
    "SC": "SHERLOC_ACI",
    "LR": "SUPERCAM_RMI",
    "PC": "PIXL_MCC",
    "CC": "CACHECAM",
    "WS": "SKYCAM",
    "EL": "LCAM",
    // A real Photos-API row (record 810974) names an `ESF_0000_…` frame EDL_DDCAM; EA, ED, EU and EB occur with no
    // record naming them, so they stay codes (api-reference 8.12).
    "ES": "EDL_DDCAM",
    "HN": "HELI_NAV",
    "HS": "HELI_RTE",
  ]
}

// MARK: - Scanning shared by every grammar

// Kept here rather than in a file of its own: the Mars 2020 grammar is the largest user of these checks.

extension FrameName {
  /// A rover motion counter of two or three characters: digits, then letter-led values past 99/999.
  ///
  /// MER's documented range is 0–1295: `00`–`99`, then `A0`–`ZZ` (100–1035), then `0A`–`9Z` (1036–1295). Three
  /// characters follow the same pattern by analogy [inferred]: `000`–`999`, then `A00`… from 1000. A digit-led
  /// three-character value holding a letter has no known meaning and gives `nil`.
  static func counter(_ bytes: Bytes, _ range: Range<Int>) -> Int? {
    guard bytes.alphanumerics(range) else { return nil }
    if bytes.digits(range) { return bytes.number(range) }
    let width = range.count
    let first = bytes[range.lowerBound]
    if Bytes.isLetter(first) {
      var value = 0
      for index in range.dropFirst() {
        value = value * 36 + Bytes.base36(bytes[index])
      }
      let block = Int(first - UInt8(ascii: "A")) * power(36, width - 1)
      return power(10, width) + block + value
    }
    guard width == 2, Bytes.isLetter(bytes[range.upperBound - 1]) else { return nil }
    return 1036 + Int(first - UInt8(ascii: "0")) * 26 + Int(bytes[range.upperBound - 1] - UInt8(ascii: "A"))
  }

  private static func power(_ base: Int, _ exponent: Int) -> Int {
    (0..<exponent).reduce(1) { result, _ in result * base }
  }

  /// The ASCII bytes of an upper-cased stem, with the character-class checks every grammar uses.
  struct Bytes {
    let bytes: [UInt8]

    init(_ stem: String) { bytes = Array(stem.utf8) }

    var count: Int { bytes.count }

    subscript(index: Int) -> UInt8 { bytes[index] }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isLetter(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }

    static func isNameCharacter(_ byte: UInt8) -> Bool {
      isDigit(byte) || isLetter(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || byte == UInt8(ascii: "_")
    }

    static func base36(_ byte: UInt8) -> Int {
      isDigit(byte) ? Int(byte - UInt8(ascii: "0")) : Int(byte - UInt8(ascii: "A")) + 10
    }

    func `is`(_ index: Int, _ character: Unicode.Scalar) -> Bool { bytes[index] == UInt8(ascii: character) }

    func isDigit(_ index: Int) -> Bool { Bytes.isDigit(bytes[index]) }

    func isLetter(_ index: Int) -> Bool { Bytes.isLetter(bytes[index]) }

    func digits(_ range: Range<Int>) -> Bool { range.allSatisfy { Bytes.isDigit(bytes[$0]) } }

    func letters(_ range: Range<Int>) -> Bool { range.allSatisfy { Bytes.isLetter(bytes[$0]) } }

    func alphanumerics(_ range: Range<Int>) -> Bool {
      range.allSatisfy { Bytes.isDigit(bytes[$0]) || Bytes.isLetter(bytes[$0]) }
    }

    /// The decimal value of a digit run; only called on checked runs of at most 10 digits, so it cannot overflow.
    func number(_ range: Range<Int>) -> Int? {
      guard !range.isEmpty, range.count <= 18, digits(range) else { return nil }
      return range.reduce(0) { $0 * 10 + Int(bytes[$1] - UInt8(ascii: "0")) }
    }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    func character(_ index: Int) -> String { text(index..<(index + 1)) }
  }
}
