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

  /// The grid interpolated down to output row `y`: one source x and y per grid column (NaN where a node above or
  /// below is outside the field). The resampler does this once a row and then interpolates across it.
  @inline(__always)
  func interpolateRow(_ y: Int, xs rowX: inout [Double], ys rowY: inout [Double]) {
    let gy = y / step
    let fy = Double(y - gy * step) / Double(step)
    xs.withUnsafeBufferPointer { xs in
      ys.withUnsafeBufferPointer { ys in
        for column in 0..<columns {
          let (top, below) = (gy * columns + column, (gy + 1) * columns + column)
          rowX[column] = xs[top] + (xs[below] - xs[top]) * fy
          rowY[column] = ys[top] + (ys[below] - ys[top]) * fy
        }
      }
    }
  }

  /// The source position of output column `x` on a row made by ``interpolateRow(_:xs:ys:)``; NaN outside the field.
  @inline(__always)
  static func across(_ rowX: [Double], _ rowY: [Double], x: Int, step: Int) -> (x: Double, y: Double) {
    let gx = x / step
    let fx = Double(x - gx * step) / Double(step)
    return (rowX[gx] + (rowX[gx + 1] - rowX[gx]) * fx, rowY[gx] + (rowY[gx + 1] - rowY[gx]) * fx)
  }
}
