import Foundation

/// Image files whose headers declare far more pixels than their few bytes carry: what a hostile folder hands
/// `gallery --thumbnails`. Both are valid enough that a decoder believes the header and starts allocating.
public enum ImageBomb {
  /// A progressive JPEG (SOF2) of one grey or three full-chroma color components, with DC scans of mid grey.
  /// A progressive file is the dangerous kind: libjpeg keeps every coefficient of the whole image until its last
  /// scan, 2 bytes per pixel per component, however small the decoded output is scaled. Small sizes decode for real
  /// (the data covers every block); large ones carry a few bytes and the decoder pads the rest. `scans` repeats the
  /// scan: each repeat makes the decoder go over every coefficient again, the CPU kind of bomb.
  public static func progressiveJPEG(width: Int, height: Int, components: Int = 1, scans: Int = 1) -> Data {
    var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x43, 0x00]
    bytes += [UInt8](repeating: 0x01, count: 64)
    let frameLength = 8 + 3 * components
    bytes += [0xFF, 0xC2, 0x00, UInt8(frameLength), 0x08]
    bytes += [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), UInt8(components)]
    for id in 1...components { bytes += [UInt8(id), 0x11, 0x00] }
    // DC table 0: one code of length 1, for category 0 (no difference from mid grey).
    bytes += [0xFF, 0xC4, 0x00, 0x14, 0x00, 0x01] + [UInt8](repeating: 0x00, count: 16)
    for _ in 0..<scans { bytes += scan(width: width, height: height, components: components) }
    return Data(bytes + [0xFF, 0xD9])
  }

  /// A DC scan of every component: one "0" bit per block, padded with ones; at most 16 bytes of it, so a huge frame
  /// stays a tiny file.
  private static func scan(width: Int, height: Int, components: Int) -> [UInt8] {
    var bytes: [UInt8] = [0xFF, 0xDA, 0x00, UInt8(6 + 2 * components), UInt8(components)]
    for id in 1...components { bytes += [UInt8(id), 0x00] }
    bytes += [0x00, 0x00, 0x00]
    let blocks = ((width + 7) / 8) * ((height + 7) / 8) * components
    let dataBytes = min(16, (blocks + 7) / 8)
    bytes += [UInt8](repeating: 0x00, count: dataBytes)
    if blocks % 8 != 0, dataBytes == (blocks + 7) / 8 { bytes[bytes.count - 1] = 0xFF >> UInt8(blocks % 8) }
    return bytes
  }

  /// A PNG whose IHDR declares `width` x `height` 8-bit RGB and whose IDAT holds a few bytes of zeros.
  public static func png(width: Int, height: Int, interlaced: Bool = false) -> Data {
    let header =
      TestPNG.bigEndian(UInt32(width)) + TestPNG.bigEndian(UInt32(height)) + [8, 2, 0, 0, interlaced ? 1 : 0]
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += TestPNG.chunk("IHDR", header) + TestPNG.chunk("IDAT", TestPNG.zlibStored([0, 0, 0, 0]))
    png += TestPNG.chunk("IEND", [])
    return Data(png)
  }

  /// A 1x1 PNG carrying `chunks` compressed text chunks (zTXt) that each inflate to `inflatedBytes` letters: a few
  /// megabytes of file that libpng, keeping every text chunk it reads, would hold as gigabytes.
  public static func pngWithText(chunks: Int, inflatedBytes: Int) -> Data {
    let header = TestPNG.bigEndian(1) + TestPNG.bigEndian(1) + [8, 2, 0, 0, 0]
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += TestPNG.chunk("IHDR", header)
    let text = Array("Comment".utf8) + [0, 0] + zlibRun(of: UInt8(ascii: "A"), inflatedBytes)
    let chunk = TestPNG.chunk("zTXt", text)
    for _ in 0..<chunks { png += chunk }
    png += TestPNG.chunk("IDAT", TestPNG.zlibStored([0, 0, 0, 0])) + TestPNG.chunk("IEND", [])
    return Data(png)
  }

  /// A zlib stream of about `count` copies of `byte` (below 144) in one fixed-Huffman deflate block: the byte as a
  /// literal, then copies of 258 bytes at distance 1 (13 bits each), so a megabyte takes about 6 KB.
  static func zlibRun(of byte: UInt8, _ count: Int) -> [UInt8] {
    var bits = BitWriter()
    bits.write(0b011, count: 3)  // BFINAL, then BTYPE 01 (fixed Huffman), least significant bit first
    bits.writeCode(0x30 + UInt32(byte), length: 8)  // the literal
    let copies = max(0, count - 1) / 258
    for _ in 0..<copies {
      bits.writeCode(0xC5, length: 8)  // length 258 (code 285)
      bits.writeCode(0, length: 5)  // distance 1 (code 0)
    }
    bits.writeCode(0, length: 7)  // end of block (code 256)
    // Adler-32 of `total` equal bytes: a = 1 + n·byte, b = n + byte·n(n+1)/2, both modulo 65521.
    let total = UInt64(1 + copies * 258)
    let a = (1 + total * UInt64(byte)) % 65521
    let b = (total + UInt64(byte) * (total * (total + 1) / 2 % 65521)) % 65521
    return [0x78, 0x01] + bits.bytes + TestPNG.bigEndian(UInt32(b << 16 | a))
  }

  /// Deflate's bit order: values least significant bit first, Huffman codes most significant bit first.
  struct BitWriter {
    var bytes: [UInt8] = []
    var used = 8

    mutating func write(_ value: UInt32, count: Int) {
      for index in 0..<count { push(UInt8((value >> UInt32(index)) & 1)) }
    }

    mutating func writeCode(_ code: UInt32, length: Int) {
      for index in stride(from: length - 1, through: 0, by: -1) { push(UInt8((code >> UInt32(index)) & 1)) }
    }

    private mutating func push(_ bit: UInt8) {
      if used == 8 {
        bytes.append(0)
        used = 0
      }
      bytes[bytes.count - 1] |= bit << UInt8(used)
      used += 1
    }
  }
}
