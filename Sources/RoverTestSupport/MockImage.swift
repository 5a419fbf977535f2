import Foundation

/// Bytes that look like a JPEG to anything that sniffs (SOI + JFIF APP0 marker first, EOI last) and are the same
/// for the same path on every run, so a test can compare a downloaded file with what the server sent.
enum MockImage {
  /// A test asking for more than this is a typo, not a streaming test.
  static let maximumSize = 256 * 1024 * 1024

  static func jpeg(path: String, size requested: Int) -> Data {
    let size = min(max(requested, 4), maximumSize)
    let header: [UInt8] = [
      0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
      0x00, 0x00,
    ]
    var bytes = [UInt8]()
    bytes.reserveCapacity(size)
    bytes.append(contentsOf: header.prefix(size - 2))
    var state = seed(for: path)
    while bytes.count < size - 2 {
      // xorshift64: cheap, deterministic, and good enough that bodies of different paths differ everywhere.
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      bytes.append(UInt8(truncatingIfNeeded: state >> 32))
    }
    bytes.append(contentsOf: [0xFF, 0xD9])
    return Data(bytes)
  }

  /// FNV-1a of the path; never zero, which would make xorshift emit only zeros.
  private static func seed(for path: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in path.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash == 0 ? 1 : hash
  }

  /// The PNG signature and an IHDR chunk first and IEND last over the same bytes, for `.png` paths; 45 bytes at least.
  static func png(path: String, size: Int) -> Data {
    let header: [UInt8] = [
      0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
      0x05, 0x00, 0x00, 0x00, 0x03, 0xC0, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3A, 0x7E, 0x9B, 0x55,
    ]
    let trailer: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    var bytes = [UInt8](jpeg(path: path, size: max(size, header.count + trailer.count)))
    bytes.replaceSubrange(0..<header.count, with: header)
    bytes.replaceSubrange((bytes.count - trailer.count)..<bytes.count, with: trailer)
    return Data(bytes)
  }
}
