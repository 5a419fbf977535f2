import Foundation

/// A real JPEG, small enough to write out: an 8×8 mid-grey baseline frame (one DC coefficient, one-code Huffman
/// tables) that libjpeg-turbo decodes, so the gallery can thumbnail what the Ingenuity and InSight routes serve. A
/// comment segment carrying the path makes every URL's bytes different, so a test can tell which image it saved.
enum MockRawJPEG {
  /// DQT of ones, SOF0 8×8 grey, DC and AC tables of one code each, SOS, the one entropy-coded byte, EOI; without
  /// its leading SOI.
  private static let body: [UInt8] = {
    var bytes: [UInt8] = [0xFF, 0xDB, 0x00, 0x43, 0x00]
    bytes += [UInt8](repeating: 0x01, count: 64)
    bytes += [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00]
    // Table class 0 (DC) then 1 (AC), id 0: one code of length 1, for category 0 and for end-of-block.
    for tableClass: UInt8 in [0x00, 0x10] {
      bytes += [0xFF, 0xC4, 0x00, 0x14, tableClass, 0x01]
      bytes += [UInt8](repeating: 0x00, count: 16)
    }
    bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
    // DC "0" (no difference: mid grey), AC "0" (end of block), padded with ones.
    bytes += [0x3F, 0xFF, 0xD9]
    return bytes
  }()

  /// SOI, a COM segment with `path` (at most 1000 bytes of it), then the frame.
  static func bytes(path: String) -> Data {
    let comment = Array(path.utf8.prefix(1000))
    let length = comment.count + 2
    var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)]
    bytes += comment
    bytes += body
    return Data(bytes)
  }
}
