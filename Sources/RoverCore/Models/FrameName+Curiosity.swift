import Foundation

// Curiosity has two grammars (api-reference 8.8 and 8.9), both 0-based here:
//
// OPGS engineering cameras, 36 characters:
//   F L B _ 530660118 EDR _ F 058 2394 FHAZ00318 M _
//   0 1 2 3 4:13      13:16 16 17 18:21 21:25 25:34 34 35
//   inst, config (A/B computer side), spec, SCLK s, product, geometry, sample type, site, drive, sequence, producer,
//   version (`_` on raw images, a digit in PDS and on processed products such as ChemCam `PRC`).
//
// MSSS cameras (Mastcam, MAHLI, MARDI), 30 characters:
//   3163 MR 100340 000 14 03352 E 0 1 _ DXXX
//   0:4  4:6 6:12  12:15 15:17 17:22 22 23 24 25 26:30
//   sol, inst, sequence, command, CDPID counter, CDPID, type, GOP counter, version, `_`, processing code.
//   The version may be a letter (`1000MR0044631280503688E0B_DXXX`, a real sol-1000 name).
//
// MSSS names of sols 0-1, 23 characters (3 696 real names, nearly all of sol 0's descent imagery; api-reference 8.12):
//   0000 MD 9999000896 I 1 _ DXXX
//   0:4  4:6 6:16      16 17 18 19:23
//   sol, inst, ten digits whose fields no document splits, type, version, `_`, processing code.

extension FrameName {
  /// Decodes a 36-character Curiosity engineering-camera (OPGS) stem, or `nil` when a field breaks the grammar.
  static func curiosityEngineering(_ bytes: Bytes) -> FrameName? {
    guard bytes.count == 36, curiosityEngineeringLayoutFits(bytes),
      let seconds = bytes.number(4..<13),
      let site = counter(bytes, 18..<21),
      let drive = bytes.number(21..<25)
    else { return nil }
    let family = bytes.character(0)
    let eye = ["F", "R", "N", "M"].contains(family) ? eyeLetter(bytes[1]) : nil
    return FrameName(
      mission: .msl,
      camera: curiosityEngineeringCamera(bytes, eye: eye),
      eye: eye,
      color: nil,
      filter: nil,
      sol: nil,
      sclk: Double(seconds),
      product: bytes.text(13..<16),
      // The sample-type letter: F full, S subframe seen in real names; T for thumbnails is inferred.
      thumbnail: bytes.is(17, "T"),
      site: site,
      drive: drive,
      sequence: bytes.text(25..<34),
      tile: nil,
      downsample: nil,
      compression: nil,
      version: bytes.isDigit(35) ? bytes.number(35..<36) : nil,
      stem: bytes.text(0..<36)
    )
  }

  private static func curiosityEngineeringLayoutFits(_ bytes: Bytes) -> Bool {
    bytes.letters(0..<2) && bytes.alphanumerics(2..<3) && bytes.is(3, "_") && bytes.digits(4..<13)
      && bytes.letters(13..<16) && (bytes.is(16, "_") || bytes.isLetter(16)) && bytes.isLetter(17)
      && bytes.alphanumerics(18..<21) && bytes.digits(21..<25) && isSequence(bytes, 25) && bytes.isLetter(34)
      && (bytes.is(35, "_") || bytes.isDigit(35))
  }

  /// The feed's `instrument` spelling: `FHAZ_LEFT_B`, `NAV_RIGHT_A`, `RHAZ_LEFT_B`, `CHEMCAM_RMI`, `MAST_LEFT`…
  private static func curiosityEngineeringCamera(_ bytes: Bytes, eye: Eye?) -> String {
    let code = bytes.text(0..<2)
    let side = bytes.is(2, "A") || bytes.is(2, "B") ? "_" + bytes.character(2) : ""
    let family = bytes.character(0)
    if let eye, let base = curiosityStereoBases[family] {
      return base + (eye == .left ? "_LEFT" : "_RIGHT") + (family == "M" ? "" : side)
    }
    return curiosityMonoCameras[code] ?? code
  }

  private static let curiosityStereoBases: [String: String] = [
    "F": "FHAZ", "R": "RHAZ", "N": "NAV", "M": "MAST",
  ]

  private static let curiosityMonoCameras: [String: String] = [
    "CR": "CHEMCAM_RMI", "MH": "MAHLI", "MD": "MARDI",
  ]

  /// Decodes a 30-character Curiosity MSSS stem (Mastcam, MAHLI, MARDI), or `nil` when a field breaks the grammar.
  ///
  /// The name carries sol and sequence but no clock, site or drive. Mastcam's two eyes of one pointing share the
  /// sol, the 9-digit product id (sequence and command) and the type letter but not the CDPID or version, so
  /// ``pairKey`` keeps exactly those.
  static func curiosityMSSS(_ bytes: Bytes) -> FrameName? {
    guard bytes.count == 30, bytes.digits(0..<4), bytes.digits(6..<22), bytes.isLetter(22),
      bytes.isDigit(23), bytes.isDigit(24) || bytes.isLetter(24), bytes.is(25, "_"), bytes.letters(26..<30),
      let camera = msssCameras[bytes.text(4..<6)]
    else { return nil }
    return FrameName(
      mission: .msl,
      camera: camera,
      eye: eyeLetter(bytes[5]),  // ML/MR; MAHLI and MARDI end in H and D, so nil
      color: nil,
      filter: nil,
      sol: bytes.number(0..<4),
      sclk: nil,
      product: bytes.character(22),
      // A PDS label of 0017MR0000500310100103I01_XXXX says IMAGE_TYPE = THUMBNAIL; other letters are not known to be.
      thumbnail: bytes.is(22, "I"),
      site: nil,
      drive: nil,
      sequence: bytes.text(6..<12),
      tile: nil,
      downsample: nil,
      compression: nil,
      version: Bytes.base36(bytes[24]),
      stem: bytes.text(0..<30)
    )
  }

  /// Decodes a 23-character MSSS stem of sols 0–1 (`0000MD9999000896I1_DXXX`), or `nil` when a field breaks it.
  ///
  /// Only what is certain is read: sol, instrument (and so the Mastcam eye), the type letter and the version. The
  /// ten digits between instrument and type are not split into sequence and counters by any document, so
  /// ``sequence`` stays `nil` and such frames neither pair nor group.
  static func curiosityEarlyMSSS(_ bytes: Bytes) -> FrameName? {
    guard bytes.count == 23, bytes.digits(0..<4), bytes.digits(6..<16), bytes.isLetter(16),
      bytes.isDigit(17) || bytes.isLetter(17), bytes.is(18, "_"), bytes.letters(19..<23),
      let camera = msssCameras[bytes.text(4..<6)]
    else { return nil }
    return FrameName(
      mission: .msl,
      camera: camera,
      eye: eyeLetter(bytes[5]),
      color: nil,
      filter: nil,
      sol: bytes.number(0..<4),
      sclk: nil,
      product: bytes.character(16),
      thumbnail: bytes.is(16, "I"),
      site: nil,
      drive: nil,
      sequence: nil,
      tile: nil,
      downsample: nil,
      compression: nil,
      version: Bytes.base36(bytes[17]),
      stem: bytes.text(0..<23)
    )
  }

  private static let msssCameras: [String: String] = [
    "ML": "MAST_LEFT", "MR": "MAST_RIGHT", "MH": "MAHLI", "MD": "MARDI",
  ]
}
