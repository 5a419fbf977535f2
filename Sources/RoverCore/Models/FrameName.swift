import Foundation

/// What one NASA image file name says about its frame, decoded offline from the name alone.
///
/// Every rover photo comes with a file name that packs camera, eye, clock, rover position, sequence and processing into
/// fixed-width fields. Reading them needs no network and no metadata, so rover can group stereo pairs, tiles and
/// re-processed versions even for services that only hand back a URL. Four grammars are understood, told apart by
/// length (see `/work/shared/api-reference.md` 8.7–8.10, corrected by 8.12):
///
/// | stem length | mission | example |
/// |---|---|---|
/// | 52 (feed `imageid`), 54 (versioned) | ``Grammar/mars2020``, ``Grammar/ingenuity`` | `NLF_0050_…_01_295J01` |
/// | 36 | ``Grammar/msl`` engineering cameras (OPGS) | `FLB_530660118EDR_F0582394FHAZ00318M_` |
/// | 30 | ``Grammar/msl`` Mastcam, MAHLI, MARDI (MSSS) | `3163MR1003400001403352E01_DXXX` |
/// | 27 | ``Grammar/mer`` Spirit and Opportunity (PDS) | `1p128287181eff0000p2303l2m1` |
/// | 23 | ``Grammar/msl`` MSSS cameras on sols 0–1 (sol, instrument, type and version only) | `0000MD9999000896I1_DXXX` |
///
/// Spirit and Opportunity names as NASA's raw galleries and the Photos-API copies write them carry `-BR` (browse) or
/// `-THM` (thumbnail) after the product (`1P128287181EFF0000P2303L2M1-BR.JPG`): the suffix is read and dropped from
/// ``stem``, and `-THM` marks the frame a ``thumbnail``.
///
/// A field the grammar does not carry is `nil`, never 0. Decoding is strict about lengths and character classes:
/// anything that does not fit a grammar exactly gives `nil` rather than a half-read value.
public struct FrameName: Sendable, Hashable, Codable {
  /// Which of NASA's file-name grammars the name follows, one per mission family (not ``Mission``, the rovers);
  /// JSON `"mars2020"`, `"ingenuity"`, `"msl"`, `"mer"`.
  ///
  /// Spirit and Opportunity share ``mer``: the first character of ``stem`` tells them apart (`2` Spirit,
  /// `1` Opportunity).
  public enum Grammar: String, Sendable, Codable, CaseIterable {
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
  public var mission: Grammar
  /// A readable instrument name: the raw feeds' `camera.instrument` / `instrument` spelling where the code is known
  /// (`NAVCAM_LEFT`, `MCZ_RIGHT`, `HELI_NAV`, `FHAZ_LEFT_B`, `MAST_RIGHT`, `CHEMCAM_RMI`; MER `NAVCAM`, `PANCAM`,
  /// `FRONT_HAZCAM`, `REAR_HAZCAM`, `MI`, `DESCENT_CAMERA`), else the name's two-letter instrument code (`EA`; `ES` is `EDL_DDCAM`).
  public var camera: String
  /// Left or right for stereo cameras; `nil` for mono cameras and where the name has no eye.
  public var eye: Eye?
  /// Perseverance color or configuration character (slice 2): for the engineering cameras `F` 3-band RGB, `E` raw
  /// Bayer, `M` grey, `R`/`G`/`B` single band; `nil` for Mastcam-Z's filter digit (see ``filter``) and other grammars.
  public var color: String?
  /// Filter position as a digit: Mastcam-Z `0`–`7` (slice 2; `0` is the Bayer RGB filter) or MER `0`–`8`
  /// (character 25; Pancam `2` = L2 753 nm); `nil` elsewhere.
  public var filter: String?
  /// Mission sol (Mars solar day) where the name encodes it (Mars 2020, MSSS of both lengths); `nil` for OPGS and
  /// MER names.
  public var sol: Int?
  /// The name's spacecraft clock in seconds. Mars 2020 adds the milliseconds field (`0671382174_448` →
  /// 671382174.448); it is the command start, 0.2–5.3 s before the feed's shutter `extended.sclk` (66 real records;
  /// api-reference 8.12). OPGS and MER names carry whole seconds; MSSS names none (`nil`).
  public var sclk: Double?
  /// Product type as written in the name: Mars 2020 `ECM`, `EBY`, `FDR`…; OPGS `EDR`, `PRC`…; MSSS the one-letter
  /// type (`C` lossless, `E`, `I` thumbnail…); MER in lower case (`ilf`, `eff`, `edn`) as PDS file names write it.
  public var product: String
  /// Whether the name marks a thumbnail: Mars 2020 slice 27 `T`; OPGS sample type `T` [inferred]; MSSS type `I`
  /// (a PDS label calls it THUMBNAIL); MER products ending in `T`, or in `N` without a leading `E`, and MER names
  /// with the gallery suffix `-THM`.
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
  /// OPGS raw images gives `nil`). MSSS also writes the version as a letter (`…E0B_DXXX`, a real sol-1000 name),
  /// read as the digit after `9` (`A` = 10, `B` = 11) [inferred]. A higher version is the same frame re-processed on
  /// the ground.
  public var version: Int?
  /// The decoded name: upper-cased, without directory, query, extension, Mars 2020 rendition suffix (`_320`,
  /// `_800`, `_1200`) or MER gallery suffix (`-BR`, `-THM`). Empty for a value read back from JSON, which does not carry it.
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
    case 23: return FrameName.removing(index: 17, from: stem)
    default: return stem
    }
  }

  /// Equal for the two eyes of one stereo exposure, per the 8.11 rule; `nil` where the name alone cannot pair.
  ///
  /// Mars 2020 stereo cameras (Navcam, Hazcams, Mastcam-Z): ``frameKey`` with the eye (slice 1), color/filter
  /// (slice 2) and product (slices 23–25) blanked, since a real pair can mix an `F`/`EBY` left with an `E`/`ECM`
  /// right. Curiosity engineering stereo cameras: the eye (2nd character) and version blanked. Curiosity Mastcam
  /// (MSSS): sol, the full 9-digit product id (sequence and command number) and the product letter, which the two
  /// eyes of one pointing share while their CDPIDs and versions differ (`1000ML0044631300305227E03` ↔
  /// `1000MR0044631300503690E01`; api-reference 8.12). MER Navcam and Hazcams: the eye blanked [inferred]. `nil`
  /// for mono cameras, sol 0–1 MSSS names and MER Pancam, which pair by sequence and time.
  public var pairKey: String? {
    guard eye != nil else { return nil }
    switch (mission, stem.utf8.count) {
    case (.mars2020, 52), (.mars2020, 54):
      return FrameName.blanking([1, 2, 23, 24, 25], in: frameKey)
    case (.msl, 36) where FrameName.curiosityStereoFamilies.contains(stem.utf8.first ?? 0):
      return FrameName.blanking([1], in: frameKey)
    case (.msl, 30):
      let bytes = Array(stem.utf8)
      return String(decoding: bytes[0..<5] + Array("*".utf8) + bytes[6..<15] + bytes[22..<23], as: UTF8.self)
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
  /// PDS browse images end in `.img.jpg`), a Mars 2020 rendition suffix and a MER gallery suffix (`-BR`, `-THM`),
  /// then requires one grammar's exact
  /// length and character classes. Hostile input (traversal, non-ASCII, absurd lengths) is rejected, never trapped.
  public init?(_ text: String) {
    guard let (stem, merSuffix) = FrameName.stem(of: text) else { return nil }
    let bytes = Bytes(stem)
    let decoded: FrameName?
    switch bytes.count {
    case 52, 54: decoded = FrameName.perseverance(bytes)
    case 36: decoded = FrameName.curiosityEngineering(bytes)
    case 30: decoded = FrameName.curiosityMSSS(bytes)
    case 27: decoded = FrameName.mer(bytes)
    case 23: decoded = FrameName.curiosityEarlyMSSS(bytes)
    default: decoded = nil
    }
    guard var decoded, merSuffix == nil || decoded.mission == .mer else { return nil }
    if merSuffix == "-THM" { decoded.thumbnail = true }
    self = decoded
  }
}

// MARK: - Shared scanning

extension FrameName {
  /// Longest input looked at: a name is under 60 characters, a URL to one a few hundred.
  static let maximumInputLength = 4096

  /// The upper-cased stem of a name, URL or path and the MER gallery suffix it carried (`-BR`, `-THM`), or `nil`
  /// when the stem holds anything but ASCII letters, digits and `_`.
  static func stem(of text: String) -> (stem: String, merSuffix: String?)? {
    guard text.utf8.count <= maximumInputLength else { return nil }
    // Every name and URL a service sends is ASCII: read by bytes, the same steps cost a tenth of these.
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiStem(of: text) }
    return unicodeStem(of: text)
  }

  /// ``stem(of:)`` for any text, through `Character`s (and Unicode's spaces trimmed).
  static func unicodeStem(of text: String) -> (stem: String, merSuffix: String?)? {
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
    var merSuffix: String?
    for suffix in merGallerySuffixes
    where name.utf8.count == 27 + suffix.utf8.count && name.uppercased().hasSuffix(suffix) {
      merSuffix = suffix
      name = name.dropLast(suffix.utf8.count)
    }
    guard !name.isEmpty, name.utf8.allSatisfy({ Bytes.isNameCharacter($0) }) else { return nil }
    var upper = name.uppercased()
    for suffix in renditionSuffixes where upper.hasSuffix(suffix) && upper.utf8.count == 54 + suffix.utf8.count {
      upper = String(upper.dropLast(suffix.count))
    }
    return (upper, merSuffix)
  }

  /// What NASA's MER raw galleries (and the Photos-API rows copied from them) append after the product: a browse
  /// image (`-BR`) or a thumbnail (`-THM`) of the 27-character frame (api-reference 8.12).
  static let merGallerySuffixes = ["-BR", "-THM"]

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
