/// A decoded image held whole in memory: the unit every RoverImaging step reads and writes.
///
/// Samples are interleaved (`channels` per pixel), rows top to bottom, packed without padding, in one byte buffer
/// so that a 20-megapixel 16-bit frame costs exactly its pixels (`width × height × channels × bitDepth / 8` bytes)
/// and no second copy is made when it is decoded or encoded. A 16-bit sample takes two bytes in the machine's
/// native byte order; read and write samples with ``sample(x:y:channel:)`` and
/// ``setSample(_:x:y:channel:)``, or all of them at once through ``bytes`` or
/// ``withUnsafeMutableSamples16(_:)``.
///
/// A `Raster` is a value: copies share storage until one is changed (copy on write), so it can cross tasks freely.
public struct Raster: Sendable, Equatable {
  /// Pixels per row.
  public let width: Int
  /// Rows.
  public let height: Int
  /// Samples per pixel: 1 grey, 2 grey and alpha, 3 RGB, 4 RGBA. Alpha, where present, is the last sample and
  /// 0 means transparent (the assembler leaves missing tiles so).
  public let channels: Int
  /// Bits per sample: 8 or 16.
  public let bitDepth: Int
  /// The samples, interleaved and packed; 16-bit samples in native byte order. Its count is ``byteCount``.
  public var bytes: [UInt8]

  /// A zero-filled raster (black, and transparent where there is alpha).
  ///
  /// - Precondition: `width` and `height` are positive, `channels` is 1...4 and `bitDepth` is 8 or 16; callers
  ///   check sizes that come from files before calling this (``ImageCodec`` does).
  public init(width: Int, height: Int, channels: Int, bitDepth: Int) {
    precondition(width > 0 && height > 0, "a raster has at least one pixel")
    precondition((1...4).contains(channels), "channels must be 1 to 4")
    precondition(bitDepth == 8 || bitDepth == 16, "bit depth must be 8 or 16")
    self.width = width
    self.height = height
    self.channels = channels
    self.bitDepth = bitDepth
    self.bytes = [UInt8](repeating: 0, count: width * height * channels * (bitDepth / 8))
  }

  /// Wraps samples already laid out as described above.
  init(width: Int, height: Int, channels: Int, bitDepth: Int, bytes: [UInt8]) {
    self.width = width
    self.height = height
    self.channels = channels
    self.bitDepth = bitDepth
    self.bytes = bytes
  }

  /// Bytes per sample: 1 or 2.
  public var bytesPerSample: Int { bitDepth / 8 }

  /// Bytes of one row.
  public var rowBytes: Int { width * channels * bytesPerSample }

  /// Bytes of all the samples: what this raster holds in memory.
  public var byteCount: Int { rowBytes * height }

  /// The largest value a sample can hold: 255 or 65535.
  public var maxSample: Int { bitDepth == 16 ? 65_535 : 255 }

  /// Whether the last channel is alpha (2 or 4 channels).
  public var hasAlpha: Bool { channels == 2 || channels == 4 }

  /// The sample at column `x`, row `y`, channel `channel`, as an integer of the raster's bit depth.
  ///
  /// - Precondition: the coordinates are inside the raster.
  public func sample(x: Int, y: Int, channel: Int) -> Int {
    let index = (y * width + x) * channels + channel
    if bitDepth == 8 { return Int(bytes[index]) }
    return Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 2 * index, as: UInt16.self) })
  }

  /// Sets the sample at column `x`, row `y`, channel `channel`; the value is clamped to 0...``maxSample``.
  ///
  /// - Precondition: the coordinates are inside the raster.
  public mutating func setSample(_ value: Int, x: Int, y: Int, channel: Int) {
    let index = (y * width + x) * channels + channel
    let clamped = min(max(value, 0), maxSample)
    if bitDepth == 8 {
      bytes[index] = UInt8(clamped)
    } else {
      bytes.withUnsafeMutableBytes { $0.storeBytes(of: UInt16(clamped), toByteOffset: 2 * index, as: UInt16.self) }
    }
  }

  /// Calls `body` with the samples of a 16-bit raster as `UInt16` values (native byte order), for loops over
  /// every pixel that must not pay for a per-sample accessor.
  ///
  /// - Precondition: ``bitDepth`` is 16.
  public mutating func withUnsafeMutableSamples16<Result>(
    _ body: (UnsafeMutableBufferPointer<UInt16>) throws -> Result
  ) rethrows -> Result {
    precondition(bitDepth == 16, "a 16-bit raster")
    return try bytes.withUnsafeMutableBytes { raw in
      try body(raw.bindMemory(to: UInt16.self))
    }
  }
}
