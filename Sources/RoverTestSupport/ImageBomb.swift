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
}
