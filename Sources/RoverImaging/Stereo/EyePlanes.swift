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
    var out = Raster(width: image.width, height: image.height, channels: 1, bitDepth: image.bitDepth)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let value =
          0.299 * Double(image.sample(x: x, y: y, channel: 0)) + 0.587 * Double(image.sample(x: x, y: y, channel: 1))
          + 0.114 * Double(image.sample(x: x, y: y, channel: 2))
        out.setSample(Int(value + 0.5), x: x, y: y, channel: 0)
      }
    }
    return out
  }

  /// The listed channels (a grey picture's one channel stands for every colour).
  static func channels(_ image: Raster, _ wanted: [Int]) -> Raster {
    var out = Raster(width: image.width, height: image.height, channels: wanted.count, bitDepth: image.bitDepth)
    let colors = image.hasAlpha ? image.channels - 1 : image.channels
    for y in 0..<image.height {
      for x in 0..<image.width {
        for (index, channel) in wanted.enumerated() {
          out.setSample(image.sample(x: x, y: y, channel: min(channel, colors - 1)), x: x, y: y, channel: index)
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
