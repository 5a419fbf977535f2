import Foundation

// The MER grammar (api-reference 8.10; PDS "File naming for MER OPGS EDRs"), 27 characters, 0-based:
//
//   1 P 128287181 EFF 00 00 P2303 L 2 M 1
//   0 1 2:11      11:14 14:16 16:18 18:23 23 24 25 26
//   spacecraft (1 Opportunity, 2 Spirit), camera, SCLK s, product, site, drive, sequence, eye, filter, producer,
//   version. PDS writes the names in lower case (`1p128287181eff0000p2303l2m1.img`); the raw gallery in upper case.

extension FrameName {
  /// Decodes a 27-character MER stem (either case), or `nil` when a field breaks the grammar.
  static func mer(_ bytes: Bytes) -> FrameName? {
    guard bytes.count == 27, bytes.is(0, "1") || bytes.is(0, "2"),
      let camera = merCameras[bytes[1]],
      bytes.digits(2..<11), bytes.letters(11..<14), bytes.isLetter(18), bytes.digits(19..<23),
      bytes.isLetter(23), bytes.isDigit(24), bytes.isLetter(25), bytes.isDigit(26),
      let seconds = bytes.number(2..<11),
      let site = counter(bytes, 14..<16),
      let drive = counter(bytes, 16..<18)
    else { return nil }
    let product = bytes.text(11..<14)
    return FrameName(
      mission: .mer,
      camera: camera,
      eye: eyeLetter(bytes[23]),
      color: nil,
      filter: bytes.character(24),
      sol: nil,
      sclk: Double(seconds),
      // Lower case, as PDS file names and Solr filters (`FILE_NAME:???????????ilf*`) write product types.
      product: product.lowercased(),
      thumbnail: merIsThumbnail(product),
      site: site,
      drive: drive,
      sequence: bytes.text(18..<23),
      tile: nil,
      downsample: nil,
      compression: nil,
      version: bytes.number(26..<27),
      stem: bytes.text(0..<27)
    )
  }

  /// The MER key's rule: a product ending in `T` is thumbnail-sized; one ending in `N` is a thumbnail-sized
  /// linearised RDR unless it starts with `E` (`EDN` is a downsampled EDR, not a thumbnail).
  private static func merIsThumbnail(_ product: String) -> Bool {
    product.hasSuffix("T") || (product.hasSuffix("N") && !product.hasPrefix("E"))
  }

  /// Image cameras by the name's second character, spelt as rover's PDS source names them.
  private static let merCameras: [UInt8: String] = [
    UInt8(ascii: "N"): "NAVCAM",
    UInt8(ascii: "P"): "PANCAM",
    UInt8(ascii: "F"): "FRONT_HAZCAM",
    UInt8(ascii: "R"): "REAR_HAZCAM",
    UInt8(ascii: "M"): "MI",
    UInt8(ascii: "E"): "DESCENT_CAMERA",
  ]
}
