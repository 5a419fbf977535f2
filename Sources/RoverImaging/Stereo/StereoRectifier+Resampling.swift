import Foundation

extension StereoRectifier {
  /// Resamples `image` (the `eye`'s picture) onto the common camera, bilinearly, writing its channels
  /// `channels[i].from` into `output`'s channels `channels[i].to`, with output column 0 at `output`'s `column`.
  /// Pixels whose ray leaves the image are 0.
  ///
  /// The exact projection is computed on a grid every 8 pixels and interpolated in between: the fish-eye's mapping
  /// bends over hundreds of pixels, so the interpolation is off by far less than a hundredth of a pixel, and the
  /// Newton solve runs 64 times less often.
  ///
  /// - Precondition: `image` is ``width`` × ``height``; `output` has the rows and the columns from `column`; both have
  ///   the same bit depth.
  public func rectify(
    _ image: Raster, eye: Eye, into output: inout Raster, column: Int = 0, channels: [(from: Int, to: Int)]
  ) {
    let map = SourceMap(step: 8, width: width, height: height) { x, y in source(x: x, y: y, eye: eye) }
    Resampler.resample(image, map: map, into: &output, column: column, channels: channels)
  }
}

/// Source positions for every output pixel, held on a coarse grid and interpolated: a few hundred kilobytes for a
/// 20-megapixel frame, where a full map would take 160 MB.
struct SourceMap: Sendable {
  let step: Int
  let width: Int
  let height: Int
  let columns: Int
  let rows: Int
  /// Source x and y per grid node; NaN where the ray leaves the model's field.
  let xs: [Double]
  let ys: [Double]

  init(step: Int, width: Int, height: Int, exact: (Double, Double) -> (x: Double, y: Double)?) {
    self.step = step
    self.width = width
    self.height = height
    columns = (width - 1) / step + 2
    rows = (height - 1) / step + 2
    var xs = [Double](repeating: .nan, count: columns * rows)
    var ys = xs
    for row in 0..<rows {
      for column in 0..<columns {
        if let point = exact(Double(column * step), Double(row * step)) {
          (xs[row * columns + column], ys[row * columns + column]) = (point.x, point.y)
        }
      }
    }
    self.xs = xs
    self.ys = ys
  }

  /// A map that moves every pixel by a whole number of rows: the fallback without camera models.
  init(width: Int, height: Int, rowShift: Int) {
    self.init(step: max(width, height), width: width, height: height) { x, y in (x, y + Double(rowShift)) }
  }

  /// The source position of output pixel (`x`, `y`); nil where a neighbouring grid node is outside the field.
  @inline(__always)
  func position(x: Int, y: Int) -> (x: Double, y: Double)? {
    let (gx, gy) = (x / step, y / step)
    let fx = Double(x - gx * step) / Double(step)
    let fy = Double(y - gy * step) / Double(step)
    let i = gy * columns + gx
    let (x00, x10, x01, x11) = (xs[i], xs[i + 1], xs[i + columns], xs[i + columns + 1])
    let (y00, y10, y01, y11) = (ys[i], ys[i + 1], ys[i + columns], ys[i + columns + 1])
    let top = x00 + (x10 - x00) * fx
    let sx = top + (x01 + (x11 - x01) * fx - top) * fy
    let left = y00 + (y10 - y00) * fx
    let sy = left + (y01 + (y11 - y01) * fx - left) * fy
    return sx.isNaN || sy.isNaN ? nil : (sx, sy)
  }
}
