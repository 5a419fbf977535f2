import Foundation

/// A minimal PNG writer (stored deflate blocks), so the tests need no image tool.
public enum TestPNG {
  public static func solid(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8)) -> Data {
    var raw: [UInt8] = []
    for _ in 0..<height {
      raw.append(0)
      for _ in 0..<width { raw += [rgb.0, rgb.1, rgb.2] }
    }
    var header: [UInt8] = []
    header += bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += chunk("IHDR", header) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    return Data(png)
  }

  public static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  public static func chunk(_ kind: String, _ body: [UInt8]) -> [UInt8] {
    let typed = Array(kind.utf8) + body
    return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
  }

  public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let size = min(65_535, data.count - offset)
      let last: UInt8 = offset + size == data.count ? 1 : 0
      out += [last, UInt8(size & 0xFF), UInt8(size >> 8), UInt8(~size & 0xFF), UInt8(~size >> 8 & 0xFF)]
      out += data[offset..<offset + size]
      offset += size
    } while offset < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return out + bigEndian(b << 16 | a)
  }

  public static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
