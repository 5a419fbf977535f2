import Foundation

/// Bilinear resampling through a ``SourceMap``, rows spread over the cores.
///
/// Samples are read and written through raw bytes with the bit depth decided per sample rather than through a
/// generic function: the branch costs nothing measurable in a release build, and a debug build (the tests) runs
/// several times faster without generic arithmetic.
enum Resampler {
  static func resample(
    _ image: Raster, map: SourceMap, into output: inout Raster, column: Int, channels: [(from: Int, to: Int)]
  ) {
    let (inWidth, inHeight, inStride) = (image.width, image.height, image.channels)
    let (outWidth, outStride) = (output.width, output.channels)
    let sixteen = image.bitDepth == 16
    let pairs = channels
    let bands = min(map.height, ProcessInfo.processInfo.activeProcessorCount * 4)
    // A source channel read once per pixel, however many output channels take it (grey: the right eye's luminance
    // goes to both green and blue).
    let sources = Array(Set(pairs.map(\.from))).sorted()
    let targets = sources.map { from in pairs.filter { $0.from == from }.map(\.to) }
    image.bytes.withUnsafeBytes { raw in
      output.bytes.withUnsafeMutableBytes { outRaw in
        let shared = Rows(source: raw, target: outRaw)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
          let (source, target) = (shared.source, shared.target)
          func read(_ index: Int) -> Double {
            sixteen ? Double(source.load(fromByteOffset: 2 * index, as: UInt16.self)) : Double(source[index])
          }
          func write(_ value: Double, _ index: Int) {
            if sixteen {
              target.storeBytes(of: UInt16(value), toByteOffset: 2 * index, as: UInt16.self)
            } else {
              target[index] = UInt8(value)
            }
          }
          // The grid interpolated down to this row once, then across it pixel by pixel.
          var rowX = [Double](repeating: .nan, count: map.columns)
          var rowY = rowX
          let (maxX, maxY) = (Double(inWidth - 1), Double(inHeight - 1))
          for y in band * map.height / bands..<(band + 1) * map.height / bands {
            map.interpolateRow(y, xs: &rowX, ys: &rowY)
            for x in 0..<map.width {
              let out = (y * outWidth + column + x) * outStride
              let (sx, sy) = SourceMap.across(rowX, rowY, x: x, step: map.step)
              guard sx >= 0, sy >= 0, sx <= maxX, sy <= maxY else {  // false for NaN too
                for pair in pairs { write(0, out + pair.to) }
                continue
              }
              let (x0, y0) = (min(Int(sx), max(0, inWidth - 2)), min(Int(sy), max(0, inHeight - 2)))
              let (fx, fy) = (sx - Double(x0), sy - Double(y0))
              let (x1, y1) = (min(x0 + 1, inWidth - 1), min(y0 + 1, inHeight - 1))
              let i00 = (y0 * inWidth + x0) * inStride
              let i10 = (y0 * inWidth + x1) * inStride
              let i01 = (y1 * inWidth + x0) * inStride
              let i11 = (y1 * inWidth + x1) * inStride
              for (index, from) in sources.enumerated() {
                let top = read(i00 + from) * (1 - fx) + read(i10 + from) * fx
                let bottom = read(i01 + from) * (1 - fx) + read(i11 + from) * fx
                // Within 0...max + 0.5, so the conversion never traps.
                let value = top + (bottom - top) * fy + 0.5
                for to in targets[index] { write(value, out + to) }
              }
            }
          }
        }
      }
    }
  }
}

/// The input and output bytes handed to the threads of one resampling. `@unchecked Sendable`: the input is only
/// read, and each thread writes only its own band of output rows, so no two threads touch one sample; the buffers
/// outlive the threads (`concurrentPerform` returns when all are done).
private struct Rows: @unchecked Sendable {
  let source: UnsafeRawBufferPointer
  let target: UnsafeMutableRawBufferPointer
}
