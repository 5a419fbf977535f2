/// One channel as Doubles, for matching.
struct Plane: Sendable {
  let width: Int
  let height: Int
  let values: [Double]

  init(width: Int, height: Int, values: [Double]) {
    self.width = width
    self.height = height
    self.values = values
  }

  /// The first channel of a raster.
  init(_ raster: Raster) {
    let (count, stride, sixteen) = (raster.width * raster.height, raster.channels, raster.bitDepth == 16)
    let values = raster.bytes.withUnsafeBytes { raw in
      [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
        for index in 0..<count {
          let at = index * stride
          buffer[index] = sixteen ? Double(raw.load(fromByteOffset: 2 * at, as: UInt16.self)) : Double(raw[at])
        }
        initialized = count
      }
    }
    self.init(width: raster.width, height: raster.height, values: values)
  }

  /// Each `factor` × `factor` square averaged into one value.
  func shrunk(by factor: Int) -> Plane {
    let (w, h) = (width / factor, height / factor)
    var out = [Double](repeating: 0, count: w * h)
    for y in 0..<h {
      for x in 0..<w {
        var sum = 0.0
        for dy in 0..<factor {
          for dx in 0..<factor { sum += values[(y * factor + dy) * width + x * factor + dx] }
        }
        out[y * w + x] = sum / Double(factor * factor)
      }
    }
    return Plane(width: w, height: h, values: out)
  }

  /// The standard deviation of a square: a block without texture matches anywhere.
  func deviation(x: Int, y: Int, size: Int) -> Double {
    var (sum, squares) = (0.0, 0.0)
    for row in y..<y + size {
      for column in x..<x + size {
        let value = values[row * width + column]
        sum += value
        squares += value * value
      }
    }
    let count = Double(size * size)
    return max(0, squares / count - (sum / count) * (sum / count)).squareRoot()
  }

  /// Normalised cross-correlation of this plane's square at (`x`, `y`) with `other`'s at (`x + dx`, `y + dy`).
  func correlation(_ other: Plane, x: Int, y: Int, size: Int, dx: Int, dy: Int) -> Double {
    guard x + dx >= 0, y + dy >= 0, x + dx + size <= other.width, y + dy + size <= other.height else { return -1 }
    var (sa, sb, saa, sbb, sab) = (0.0, 0.0, 0.0, 0.0, 0.0)
    values.withUnsafeBufferPointer { mine in
      other.values.withUnsafeBufferPointer { theirs in
        for row in 0..<size {
          let a = (y + row) * width + x
          let b = (y + dy + row) * other.width + x + dx
          for column in 0..<size {
            let (va, vb) = (mine[a + column], theirs[b + column])
            sa += va
            sb += vb
            saa += va * va
            sbb += vb * vb
            sab += va * vb
          }
        }
      }
    }
    let n = Double(size * size)
    let denominator = ((saa - sa * sa / n) * (sbb - sb * sb / n)).squareRoot()
    return denominator > 0 ? (sab - sa * sb / n) / denominator : -1
  }
}
