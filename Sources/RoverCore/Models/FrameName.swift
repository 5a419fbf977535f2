import Foundation

/// What one NASA image file name says about its frame, decoded offline from the name alone.
///
/// Every rover photo comes with a file name that packs camera, eye, clock, rover position, sequence and processing into
/// fixed-width fields. Reading them needs no network and no metadata, so rover can group stereo pairs, tiles and
/// re-processed versions even for services that only hand back a URL. Four grammars are understood, told apart by
/// length (see `/work/shared/api-reference.md` 8.7–8.10):
///
/// | stem length | mission | example |
/// |---|---|---|
/// | 52 (feed `imageid`), 54 (versioned) | ``Mission/mars2020``, ``Mission/ingenuity`` | `NLF_0050_…_01_295J01` |
/// | 36 | ``Mission/msl`` engineering cameras (OPGS) | `FLB_530660118EDR_F0582394FHAZ00318M_` |
/// | 30 | ``Mission/msl`` Mastcam, MAHLI, MARDI (MSSS) | `3163MR1003400001403352E01_DXXX` |
/// | 27 | ``Mission/mer`` Spirit and Opportunity (PDS) | `1p128287181eff0000p2303l2m1` |
///
/// A field the grammar does not carry is `nil`, never 0. Decoding is strict about lengths and character classes:
/// anything that does not fit a grammar exactly gives `nil` rather than a half-read value.
public struct FrameName: Sendable, Hashable, Codable {
  /// The mission whose grammar the name follows; JSON `"mars2020"`, `"ingenuity"`, `"msl"`, `"mer"`.
  ///
  /// Spirit and Opportunity share ``mer``: the first character of ``stem`` tells them apart (`2` Spirit,
  /// `1` Opportunity).
  public enum Mission: String, Sendable, Codable, CaseIterable {
    /// Perseverance: the Mars 2020 grammar (8.7).
    case mars2020
    /// The Ingenuity helicopter: the Mars 2020 grammar with instrument `HN` (navigation) or `HS` (color).
    case ingenuity
    /// Curiosity: the OPGS engineering grammar (8.8) or the MSSS grammar (8.9).
    case msl
    /// Spirit and Opportunity: the MER PDS grammar (8.10).
    case mer
  }

  /// Which eye of a stereo camera took the frame; stereo pairing needs one of each.
  public enum Eye: String, Sendable, Codable {
    /// The left camera of the pair.
    case left
    /// The right camera of the pair.
    case right
  }

  /// The mission whose grammar decoded the name.
  public var mission: Mission
  /// A readable instrument name: the raw feeds' `camera.instrument` / `instrument` spelling where the code is known
  /// (`NAVCAM_LEFT`, `MCZ_RIGHT`, `HELI_NAV`, `FHAZ_LEFT_B`, `MAST_RIGHT`, `CHEMCAM_RMI`; MER `NAVCAM`, `PANCAM`,
  /// `FRONT_HAZCAM`, `REAR_HAZCAM`, `MI`, `DESCENT_CAMERA`), else the name's two-letter instrument code (`ES`).
  public var camera: String
  /// Left or right for stereo cameras; `nil` for mono cameras and where the name has no eye.
  public var eye: Eye?
  /// Perseverance color or configuration character (slice 2): for the engineering cameras `F` 3-band RGB, `E` raw
  /// Bayer, `M` grey, `R`/`G`/`B` single band; `nil` for Mastcam-Z's filter digit (see ``filter``) and other grammars.
  public var color: String?
  /// Filter position as a digit: Mastcam-Z `0`–`7` (slice 2; `0` is the Bayer RGB filter) or MER `0`–`8`
  /// (character 25; Pancam `2` = L2 753 nm); `nil` elsewhere.
  public var filter: String?
  /// Mission sol (Mars solar day) where the name encodes it (Mars 2020, MSSS); `nil` for OPGS and MER names.
  public var sol: Int?
  /// The name's spacecraft clock in seconds. Mars 2020 adds the milliseconds field (`0671382174_448` →
  /// 671382174.448); it is the command start, about 1–2 s before the feed's shutter `extended.sclk`. OPGS and MER
  /// names carry whole seconds; MSSS names none (`nil`).
  public var sclk: Double?
  /// Product type as written in the name: Mars 2020 `ECM`, `EBY`, `FDR`…; OPGS `EDR`, `PRC`…; MSSS the one-letter
  /// type (`C` lossless, `E`, `I` thumbnail…); MER in lower case (`ilf`, `eff`, `edn`) as PDS file names write it.
  public var product: String
  /// Whether the name marks a thumbnail: Mars 2020 slice 27 `T`; OPGS sample type `T` [inferred]; MSSS type `I`
  /// (a PDS label calls it THUMBNAIL); MER products ending in `T`, or in `N` without a leading `E`.
  public var thumbnail: Bool
  /// Rover motion counter, site (a new origin frame). Fields past 99/999 use letters: `A0` = 100 … `ZZ` = 1035,
  /// `0A` = 1036 … `9Z` = 1295 (MER, PDS doc), `A00` = 1000 … (3 characters, inferred by analogy).
  public var site: Int?
  /// Rover motion counter, drive (position within the site); `0` right after a new site.
  public var drive: Int?
  /// The commanded observation's sequence id (`NCAM00500`, `AUT_04096`, `FHAZ00318`, MSSS `100340`, MER `P2303`);
  /// it names the observation, not the camera (a Navcam frame can carry a SuperCam sequence).
  public var sequence: String?
  /// Perseverance engineering-camera tile index (slice 45–46); `nil` for `00` or where the grammar has no tile field.
  ///
  /// Tiles of one exposure share ``exposureKey``. Real names also use `01` for a frame sent whole as one piece, so a
  /// tile number alone does not prove the exposure was split: compare subframes.
  public var tile: Int?
  /// Pixels per side averaged into one pixel: 2 to the power of the Mars 2020 downsample digit (slice 48), so it
  /// equals the feed's `extended.scaleFactor`; `nil` for other grammars.
  public var downsample: Int?
  /// Mars 2020 compression code (slice 49–50): `LL` lossless, `LU` uncompressed, `I1`…`I9` ICER, digits a JPEG
  /// quality [inferred]; `nil` for other grammars.
  public var compression: String?
  /// Product version: Mars 2020 `01`, `02`… (absent from the 52-character feed id), OPGS/MER/MSSS one digit (`_` on
  /// OPGS raw images gives `nil`). A higher version is the same frame re-processed on the ground.
  public var version: Int?
  /// The decoded name: upper-cased, without directory, query, extension or Mars 2020 rendition suffix (`_320`,
  /// `_800`, `_1200`). Empty for a value read back from JSON, which does not carry it.
  public var stem: String

  /// Identifies the frame across product versions: ``stem`` without its version character(s).
  ///
  /// Two names with the same key are one frame re-processed; keep the highest ``version``. Empty for a value read back
  /// from JSON.
  public var frameKey: String {
    switch stem.utf8.count {
    case 54: return String(stem.prefix(52))
    case 36: return FrameName.removing(index: 35, from: stem)
    case 30: return FrameName.removing(index: 24, from: stem)
    case 27: return String(stem.prefix(26))
    default: return stem
    }
  }

  /// Equal for the two eyes of one stereo exposure, per the 8.11 rule; `nil` where the name alone cannot pair.
  ///
  /// Mars 2020 stereo cameras (Navcam, Hazcams, Mastcam-Z): ``frameKey`` with the eye (slice 1), color/filter
  /// (slice 2) and product (slices 23–25) blanked, since a real pair can mix an `F`/`EBY` left with an `E`/`ECM`
  /// right. Curiosity engineering stereo cameras: the eye (2nd character) and version blanked. MER Navcam and Hazcams:
  /// the eye blanked [inferred]. `nil` for mono cameras, MSSS and MER Pancam, which pair by sequence and time.
  public var pairKey: String? {
    guard eye != nil else { return nil }
    switch (mission, stem.utf8.count) {
    case (.mars2020, 52), (.mars2020, 54):
      return FrameName.blanking([1, 2, 23, 24, 25], in: frameKey)
    case (.msl, 36) where FrameName.curiosityStereoFamilies.contains(stem.utf8.first ?? 0):
      return FrameName.blanking([1], in: frameKey)
    case (.mer, 27) where FrameName.merStereoCameras.contains(Array(stem.utf8)[1]):
      return FrameName.blanking([23], in: frameKey)
    default:
      return nil
    }
  }

  /// Equal for the tiles of one Mars 2020 engineering-camera exposure: ``frameKey`` with the tile field blanked.
  ///
  /// Tiles share clock and pointing but cover different subframes; whether they rebuild a full frame follows from the
  /// subframes, not from the tile numbers. `nil` where the grammar has no tile field.
  public var exposureKey: String? {
    let bytes = Array(stem.utf8)
    guard bytes.count == 52 || bytes.count == 54, bytes[47] == UInt8(ascii: "_") else { return nil }
    return FrameName.blanking([45, 46], in: frameKey)
  }
}

// MARK: - Decoding a name

extension FrameName {
  /// Decodes a bare name, a URL (query and fragment ignored) or a path; `nil` when no grammar fits exactly.
  ///
  /// Takes the last path component, drops up to two extensions among `.png`, `.jpg`, `.jpeg`, `.img` (any case;
  /// PDS browse images end in `.img.jpg`) and a Mars 2020 rendition suffix, then requires one grammar's exact
  /// length and character classes. Hostile input (traversal, non-ASCII, absurd lengths) is rejected, never trapped.
  public init?(_ text: String) {
    guard let stem = FrameName.stem(of: text) else { return nil }
    let bytes = Bytes(stem)
    let decoded: FrameName?
    switch bytes.count {
    case 52, 54: decoded = FrameName.perseverance(bytes)
    case 36: decoded = FrameName.curiosityEngineering(bytes)
    case 30: decoded = FrameName.curiosityMSSS(bytes)
    case 27: decoded = FrameName.mer(bytes)
    default: decoded = nil
    }
    guard let decoded else { return nil }
    self = decoded
  }
}

// MARK: - Codable

extension FrameName {
  /// The JSON keys, in the order they are written; `stem` is read if present but never written.
  enum CodingKeys: String, CodingKey {
    case mission, camera, eye, color, filter, sol, sclk, product, thumbnail, site, drive, sequence, tile
    case downsample, compression, version, stem
  }

  /// Reads the fields written by ``encode(to:)``; absent or `null` optionals stay `nil`.
  ///
  /// - Throws: `DecodingError` when `mission`, `camera`, `product` or `thumbnail` is missing or mistyped.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    mission = try container.decode(Mission.self, forKey: .mission)
    camera = try container.decode(String.self, forKey: .camera)
    eye = try container.decodeIfPresent(Eye.self, forKey: .eye)
    color = try container.decodeIfPresent(String.self, forKey: .color)
    filter = try container.decodeIfPresent(String.self, forKey: .filter)
    sol = try container.decodeIfPresent(Int.self, forKey: .sol)
    sclk = try container.decodeIfPresent(Double.self, forKey: .sclk)
    product = try container.decode(String.self, forKey: .product)
    thumbnail = try container.decode(Bool.self, forKey: .thumbnail)
    site = try container.decodeIfPresent(Int.self, forKey: .site)
    drive = try container.decodeIfPresent(Int.self, forKey: .drive)
    sequence = try container.decodeIfPresent(String.self, forKey: .sequence)
    tile = try container.decodeIfPresent(Int.self, forKey: .tile)
    downsample = try container.decodeIfPresent(Int.self, forKey: .downsample)
    compression = try container.decodeIfPresent(String.self, forKey: .compression)
    version = try container.decodeIfPresent(Int.self, forKey: .version)
    stem = try container.decodeIfPresent(String.self, forKey: .stem) ?? ""
  }

  /// Writes the sixteen decoded fields, an absent value as an explicit JSON `null` (key order is the encoder's:
  /// `rover decode` writes them in the documented order itself).
  ///
  /// - Throws: whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(mission, forKey: .mission)
    try container.encode(camera, forKey: .camera)
    try Self.encode(eye, .eye, &container)
    try Self.encode(color, .color, &container)
    try Self.encode(filter, .filter, &container)
    try Self.encode(sol, .sol, &container)
    try Self.encode(sclk, .sclk, &container)
    try container.encode(product, forKey: .product)
    try container.encode(thumbnail, forKey: .thumbnail)
    try Self.encode(site, .site, &container)
    try Self.encode(drive, .drive, &container)
    try Self.encode(sequence, .sequence, &container)
    try Self.encode(tile, .tile, &container)
    try Self.encode(downsample, .downsample, &container)
    try Self.encode(compression, .compression, &container)
    try Self.encode(version, .version, &container)
  }

  private static func encode<T: Encodable>(
    _ value: T?, _ key: CodingKeys, _ container: inout KeyedEncodingContainer<CodingKeys>
  ) throws {
    // encodeIfPresent would omit the key; readers of rover's JSON expect every key, null when unknown.
    if let value {
      try container.encode(value, forKey: key)
    } else {
      try container.encodeNil(forKey: key)
    }
  }
}

// MARK: - Shared scanning

extension FrameName {
  /// Longest input looked at: a name is under 60 characters, a URL to one a few hundred.
  static let maximumInputLength = 4096

  /// The upper-cased stem of a name, URL or path, or `nil` when it holds anything but ASCII letters, digits and `_`.
  static func stem(of text: String) -> String? {
    guard text.utf8.count <= maximumInputLength else { return nil }
    var name = Substring(text.trimmingSpacesAndNewlines())
    if let cut = name.firstIndex(where: { $0 == "?" || $0 == "#" }) {
      name = name[..<cut]
    }
    if let slash = name.lastIndex(of: "/") {
      name = name[name.index(after: slash)...]
    }
    for _ in 0..<2 {
      guard let dot = name.lastIndex(of: ".") else { break }
      guard knownExtensions.contains(name[name.index(after: dot)...].lowercased()) else { return nil }
      name = name[..<dot]
    }
    guard !name.isEmpty, name.utf8.allSatisfy({ Bytes.isNameCharacter($0) }) else { return nil }
    var upper = name.uppercased()
    for suffix in renditionSuffixes where upper.hasSuffix(suffix) && upper.utf8.count == 54 + suffix.utf8.count {
      upper = String(upper.dropLast(suffix.count))
    }
    return upper
  }

  /// Extensions a NASA image name may carry; `.img.jpg` (PDS browse) strips in two steps.
  static let knownExtensions: Set<String> = ["png", "jpg", "jpeg", "img"]

  /// The Mars 2020 feed's resized copies: `…J01_320.jpg`, `_800.jpg`, `_1200.jpg`.
  static let renditionSuffixes = ["_320", "_800", "_1200"]

  /// First letters of the Curiosity engineering cameras that come in left/right pairs: front and rear Hazcams, Navcams.
  static let curiosityStereoFamilies: Set<UInt8> = [UInt8(ascii: "F"), UInt8(ascii: "R"), UInt8(ascii: "N")]

  /// MER camera letters whose two eyes expose together: Navcam, front and rear Hazcams [inferred].
  static let merStereoCameras: Set<UInt8> = [UInt8(ascii: "N"), UInt8(ascii: "F"), UInt8(ascii: "R")]

  /// `text` with the characters at `indices` replaced by `*`, a character no name contains.
  static func blanking(_ indices: Set<Int>, in text: String) -> String {
    var bytes = Array(text.utf8)
    for index in indices where index < bytes.count {
      bytes[index] = UInt8(ascii: "*")
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `text` without the character at `index` (the one-character version fields).
  static func removing(index: Int, from text: String) -> String {
    var bytes = Array(text.utf8)
    if index < bytes.count {
      bytes.remove(at: index)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
