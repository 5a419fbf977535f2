/// The channels of one eye's picture a style needs, taken out right after decoding so the full picture is dropped.
enum EyePlanes {
  enum Keep {
    case luminance, red, greenBlue, rgb
  }

  static func decode(_ path: String, keep: Keep) throws(ImagingError) -> Raster {
    let image = try ImageCodec.decode(contentsOf: path)
    switch keep {
    case .luminance: return luminance(image)
    case .red: return channels(image, [0])
    case .greenBlue: return channels(image, [1, 2])
    case .rgb: return image.channels == 3 ? image : channels(image, [0, 1, 2])
    }
  }

  /// Refuses two pictures that are not one size and depth.
  static func check(_ left: Raster, _ leftPath: String, against right: Raster, _ rightPath: String)
    throws(ImagingError)
  {
    guard left.width == right.width, left.height == right.height, left.bitDepth == right.bitDepth else {
      throw .invalidInput(
        path: rightPath,
        reason: "the pair's pictures differ: \(left.width)x\(left.height) \(left.bitDepth)-bit (left) and "
          + "\(right.width)x\(right.height) \(right.bitDepth)-bit (right)")
    }
  }

  /// Rec. 601 luma (0.299 R + 0.587 G + 0.114 B) of an RGB picture; a grey one as it is.
  static func luminance(_ image: Raster) -> Raster {
    guard image.channels >= 3 else { return channels(image, [0]) }
    if image.bitDepth == 8 { return luminance8(image) }
    return map(image, channels: 1) { source, target, pixels, stride in
      for pixel in 0..<pixels {
        let at = pixel * stride
        let value = 0.299 * Double(source[at]) + 0.587 * Double(source[at + 1]) + 0.114 * Double(source[at + 2])
        target[pixel] = value + 0.5
      }
    }
  }

  /// The 8-bit case in integers: the same rounding as the general path (the weights in thousandths, half rounded
  /// up), one pass over the bytes with no Double buffer; it is most of the work before an anaglyph's resampling.
  private static func luminance8(_ image: Raster) -> Raster {
    var bytes = [UInt8](repeating: 0, count: image.width * image.height)
    let stride = image.channels
    image.bytes.withUnsafeBufferPointer { source in
      bytes.withUnsafeMutableBufferPointer { target in
        for pixel in 0..<target.count {
          let at = pixel * stride
          let sum = 299 * Int(source[at]) + 587 * Int(source[at + 1]) + 114 * Int(source[at + 2]) + 500
          target[pixel] = UInt8(truncatingIfNeeded: sum / 1000)
        }
      }
    }
    return Raster(width: image.width, height: image.height, channels: 1, bitDepth: 8, bytes: bytes)
  }

  /// The listed channels (a grey picture's one channel stands for every colour).
  static func channels(_ image: Raster, _ wanted: [Int]) -> Raster {
    let colors = image.hasAlpha ? image.channels - 1 : image.channels
    let picked = wanted.map { min($0, colors - 1) }
    return map(image, channels: wanted.count) { source, target, pixels, stride in
      for pixel in 0..<pixels {
        for (index, channel) in picked.enumerated() {
          target[pixel * picked.count + index] = Double(source[pixel * stride + channel])
        }
      }
    }
  }

  /// A raster of `channels` made from `image` by `body`, which reads samples as Doubles and writes Doubles (in
  /// range: luminance and copies never leave it), a row band at a time so no picture-sized Double buffer exists.
  private static func map(
    _ image: Raster, channels: Int,
    _ body: (_ source: [Double], _ target: inout [Double], _ pixels: Int, _ stride: Int) -> Void
  ) -> Raster {
    var out = Raster(width: image.width, height: image.height, channels: channels, bitDepth: image.bitDepth)
    let rowsPerBand = 64
    let sixteen = image.bitDepth == 16
    for top in stride(from: 0, to: image.height, by: rowsPerBand) {
      let rows = min(rowsPerBand, image.height - top)
      let pixels = rows * image.width
      let first = top * image.width
      var source = [Double](repeating: 0, count: pixels * image.channels)
      var target = [Double](repeating: 0, count: pixels * channels)
      image.bytes.withUnsafeBytes { raw in
        for index in 0..<source.count {
          let at = first * image.channels + index
          source[index] = sixteen ? Double(raw.load(fromByteOffset: 2 * at, as: UInt16.self)) : Double(raw[at])
        }
      }
      body(source, &target, pixels, image.channels)
      out.bytes.withUnsafeMutableBytes { raw in
        for index in 0..<target.count {
          let at = first * channels + index
          if sixteen {
            raw.storeBytes(of: UInt16(min(target[index], 65_535)), toByteOffset: 2 * at, as: UInt16.self)
          } else {
            raw[at] = UInt8(min(target[index], 255))
          }
        }
      }
    }
    return out
  }

  /// The whole rows the right picture's content sits below the left's: the median of the matched blocks' vertical
  /// offsets (0 when nothing matches).
  static func verticalShift(_ left: Raster, _ right: Raster) -> Int {
    let offsets = BlockMatcher.match(left: left, right: right).map(\.dy).sorted()
    guard !offsets.isEmpty else { return 0 }
    return Int(offsets[offsets.count / 2].rounded())
  }
}
