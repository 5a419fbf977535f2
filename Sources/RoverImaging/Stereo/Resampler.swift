import Foundation

/// Bilinear resampling through a ``SourceMap``, rows spread over the cores.
enum Resampler {
  static func resample(
    _ image: Raster, map: SourceMap, into output: inout Raster, column: Int, channels: [(from: Int, to: Int)]
  ) {
    if image.bitDepth == 8 {
      run(image, map: map, into: &output, column: column, channels: channels, as: UInt8.self)
    } else {
      run(image, map: map, into: &output, column: column, channels: channels, as: UInt16.self)
    }
  }

  private static func run<Sample: FixedWidthInteger & UnsignedInteger & Sendable>(
    _ image: Raster, map: SourceMap, into output: inout Raster, column: Int, channels: [(from: Int, to: Int)],
    as: Sample.Type
  ) {
    let (inWidth, inHeight, inStride) = (image.width, image.height, image.channels)
    let (outWidth, outStride) = (output.width, output.channels)
    let pairs = channels
    let bands = min(map.height, ProcessInfo.processInfo.activeProcessorCount * 4)
    image.bytes.withUnsafeBytes { raw in
      output.bytes.withUnsafeMutableBytes { outRaw in
        let shared = Rows(source: raw.bindMemory(to: Sample.self), target: outRaw.bindMemory(to: Sample.self))
        DispatchQueue.concurrentPerform(iterations: bands) { band in
          let (source, target) = (shared.source, shared.target)
          let first = band * map.height / bands
          let last = (band + 1) * map.height / bands
          for y in first..<last {
            for x in 0..<map.width {
              let out = (y * outWidth + column + x) * outStride
              guard let (sx, sy) = map.position(x: x, y: y), sx >= 0, sy >= 0,
                sx <= Double(inWidth - 1), sy <= Double(inHeight - 1)
              else {
                for pair in pairs { target[out + pair.to] = 0 }
                continue
              }
              let (x0, y0) = (min(Int(sx), max(0, inWidth - 2)), min(Int(sy), max(0, inHeight - 2)))
              let (fx, fy) = (sx - Double(x0), sy - Double(y0))
              let x1 = min(x0 + 1, inWidth - 1)
              let y1 = min(y0 + 1, inHeight - 1)
              let i00 = (y0 * inWidth + x0) * inStride
              let i10 = (y0 * inWidth + x1) * inStride
              let i01 = (y1 * inWidth + x0) * inStride
              let i11 = (y1 * inWidth + x1) * inStride
              for pair in pairs {
                let top = Double(source[i00 + pair.from]) * (1 - fx) + Double(source[i10 + pair.from]) * fx
                let bottom = Double(source[i01 + pair.from]) * (1 - fx) + Double(source[i11 + pair.from]) * fx
                target[out + pair.to] = Sample(top + (bottom - top) * fy + 0.5)
              }
            }
          }
        }
      }
    }
  }
}

/// The input and output samples handed to the threads of one resampling. `@unchecked Sendable`: the input is only
/// read, and each thread writes only its own band of output rows, so no two threads touch one sample; the buffers
/// outlive the threads (`concurrentPerform` returns when all are done).
private struct Rows<Sample>: @unchecked Sendable {
  let source: UnsafeBufferPointer<Sample>
  let target: UnsafeMutableBufferPointer<Sample>
}
