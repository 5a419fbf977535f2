internal import CImaging

/// Reads PNG and JPEG files into ``Raster``s and writes rasters as PNG, through libpng and libjpeg-turbo.
///
/// Why a codec of its own beside the gallery's thumbnailer: assembling and rectifying need every pixel at its own
/// bit depth (16-bit PNGs stay 16-bit), where a thumbnail needs a small 8-bit picture. Every call is synchronous,
/// holds no shared state and may run on any thread or task at once.
public enum ImageCodec {
  /// The most pixels a file's header may declare before it is refused unread: 100 megapixels, five times the
  /// largest frame a rover sends (Perseverance's 5120 × 3840 engineering cameras), still refused in microseconds.
  public static let maxPixels = 100_000_000

  /// Decodes the PNG or JPEG at `path`, known by its first bytes whatever its name.
  ///
  /// PNGs keep their bit depth (8 or 16; 1–4-bit grey and palettes become 8-bit grey and RGB); JPEGs are 8-bit grey
  /// or RGB. The header's declared size is checked against ``maxPixels`` and 65535 a side before any pixel buffer is
  /// made, so an image bomb costs microseconds; a progressive JPEG's decoder is held to 256 MB and 500 scans.
  ///
  /// - Parameters:
  ///   - path: the file; a symbolic link at its final name is not followed.
  ///   - keepAlpha: keep an alpha channel (PNG alpha or transparency) as the last channel; by default it is dropped.
  /// - Returns: the pixels, with ``Raster/channels`` 1 to 4.
  /// - Throws: ``ImagingError/unreadable(path:reason:)``, ``ImagingError/unsupported(path:reason:)``,
  ///   ``ImagingError/tooLarge(path:reason:)`` or ``ImagingError/corrupt(path:reason:)``.
  public static func decode(contentsOf path: String, keepAlpha: Bool = false) throws(ImagingError) -> Raster {
    var info = rover_imaging_info()
    var status: Int32 = 0
    var message = [CChar](repeating: 0, count: 256)
    guard
      let decoder = rover_imaging_open(path, keepAlpha ? 1 : 0, maxPixels, &info, &status, &message, message.count)
    else { throw failure(Int(status), path: path, message: message) }
    defer { rover_imaging_close(decoder) }
    let count = Int(info.width) * Int(info.height) * Int(info.channels) * Int(info.bit_depth / 8)
    var read: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      read = rover_imaging_read(decoder, buffer.baseAddress, &message, message.count)
      if read != 0 { buffer.initialize(repeating: 0) }
      initialized = count
    }
    guard read == 0 else { throw failure(Int(read), path: path, message: message) }
    return Raster(
      width: Int(info.width), height: Int(info.height), channels: Int(info.channels), bitDepth: Int(info.bit_depth),
      bytes: bytes)
  }

  /// Writes `raster` as a PNG at `path`, atomically: the file is written under a temporary name in the same folder
  /// and renamed over `path` only when complete, so `path` never holds half an image.
  ///
  /// - Parameters:
  ///   - raster: 8- or 16-bit, 1 to 4 channels (alpha last).
  ///   - path: the final name; its folder must exist. An existing file is replaced.
  ///   - compressionLevel: zlib's level, 0–9. The default 3 writes a 5120 × 3840 frame in about 2 s where zlib's
  ///     default 6 takes 7 s, for a file about 5% larger.
  /// - Throws: ``ImagingError/writeFailed(path:reason:)``; the temporary file is removed.
  public static func writePNG(_ raster: Raster, to path: String, compressionLevel: Int = 3) throws(ImagingError) {
    var message = [CChar](repeating: 0, count: 256)
    try AtomicFile.write(to: path) { fd in
      let status = raster.bytes.withUnsafeBytes { buffer in
        rover_imaging_write_png(
          fd, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(raster.width), Int32(raster.height),
          Int32(raster.channels), Int32(raster.bitDepth), Int32(compressionLevel), &message, message.count)
      }
      return status == 0 ? nil : AtomicFile.text(message)
    }
  }

  private static func failure(_ status: Int, path: String, message: [CChar]) -> ImagingError {
    let reason = AtomicFile.text(message)
    switch status {
    case Int(ROVER_IMAGING_UNSUPPORTED): return .unsupported(path: path, reason: reason)
    case Int(ROVER_IMAGING_TOO_LARGE): return .tooLarge(path: path, reason: reason)
    case Int(ROVER_IMAGING_CORRUPT): return .corrupt(path: path, reason: reason)
    default: return .unreadable(path: path, reason: reason)
    }
  }
}
