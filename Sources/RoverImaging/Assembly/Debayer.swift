/// Bilinear demosaicking of a Bayer (RGGB) mosaic, done once on the assembled canvas so that tile seams cannot show.
enum Debayer {
  /// The RGB (or RGBA) raster of a one-channel mosaic (two with alpha). `phaseX` and `phaseY` give the mosaic's
  /// parity at pixel (0, 0): with both 0 it is red, (1, 0) and (0, 1) green, (1, 1) blue. Each missing colour is the
  /// mean of that colour's samples in the 3 × 3 neighbourhood (transparent ones left out), which is bilinear
  /// interpolation on the Bayer lattice.
  static func bilinear(_ mosaic: Raster, phaseX: Int, phaseY: Int) -> Raster {
    var output = Raster(
      width: mosaic.width, height: mosaic.height, channels: mosaic.channels + 2, bitDepth: mosaic.bitDepth)
    if mosaic.bitDepth == 8 {
      run(mosaic, into: &output, as: UInt8.self, phaseX: phaseX, phaseY: phaseY)
    } else {
      run(mosaic, into: &output, as: UInt16.self, phaseX: phaseX, phaseY: phaseY)
    }
    return output
  }

  /// 0 red, 1 green, 2 blue at column `x`, row `y`.
  static func color(x: Int, y: Int, phaseX: Int, phaseY: Int) -> Int {
    let (px, py) = ((x + phaseX) & 1, (y + phaseY) & 1)
    return px == py ? (px == 0 ? 0 : 2) : 1
  }

  private static func run<Sample: FixedWidthInteger & UnsignedInteger>(
    _ mosaic: Raster, into output: inout Raster, as: Sample.Type, phaseX: Int, phaseY: Int
  ) {
    let (width, height) = (mosaic.width, mosaic.height)
    let inStride = mosaic.channels
    let outStride = output.channels
    let hasAlpha = mosaic.hasAlpha
    mosaic.bytes.withUnsafeBytes { raw in
      let source = raw.bindMemory(to: Sample.self)
      output.bytes.withUnsafeMutableBytes { outRaw in
        let target = outRaw.bindMemory(to: Sample.self)
        for y in 0..<height {
          for x in 0..<width {
            var sums = (0, 0, 0)
            var counts = (0, 0, 0)
            for ny in max(0, y - 1)...min(height - 1, y + 1) {
              for nx in max(0, x - 1)...min(width - 1, x + 1) {
                let index = (ny * width + nx) * inStride
                if hasAlpha, source[index + 1] == 0 { continue }
                let value = Int(source[index])
                switch color(x: nx, y: ny, phaseX: phaseX, phaseY: phaseY) {
                case 0: (sums.0, counts.0) = (sums.0 + value, counts.0 + 1)
                case 1: (sums.1, counts.1) = (sums.1 + value, counts.1 + 1)
                default: (sums.2, counts.2) = (sums.2 + value, counts.2 + 1)
                }
              }
            }
            let own = (y * width + x) * inStride
            let out = (y * width + x) * outStride
            let here = color(x: x, y: y, phaseX: phaseX, phaseY: phaseY)
            let means = [
              counts.0 > 0 ? sums.0 / counts.0 : 0, counts.1 > 0 ? sums.1 / counts.1 : 0,
              counts.2 > 0 ? sums.2 / counts.2 : 0,
            ]
            for channel in 0..<3 {
              target[out + channel] = channel == here ? source[own] : Sample(truncatingIfNeeded: means[channel])
            }
            if hasAlpha { target[out + 3] = source[own + 1] }
          }
        }
      }
    }
  }
}
