extension Raster {
  /// Copies `tile` onto this canvas with its top-left pixel at (`x`, `y`); where the canvas has one channel more
  /// (alpha), the tile's pixels are made opaque.
  mutating func place(_ tile: Raster, at x: Int, _ y: Int) {
    let size = tile.bytesPerSample
    let tileChannels = tile.channels
    let canvasChannels = channels
    let rowBytes = tile.rowBytes
    let canvasRowBytes = self.rowBytes
    let opaque = maxSample
    tile.bytes.withUnsafeBytes { source in
      bytes.withUnsafeMutableBytes { target in
        guard let sourceBase = source.baseAddress, let targetBase = target.baseAddress else { return }
        for row in 0..<tile.height {
          let from = sourceBase + row * rowBytes
          let to = targetBase + (y + row) * canvasRowBytes + x * canvasChannels * size
          if tileChannels == canvasChannels {
            to.copyMemory(from: from, byteCount: rowBytes)
            continue
          }
          for column in 0..<tile.width {
            let pixelFrom = from + column * tileChannels * size
            let pixelTo = to + column * canvasChannels * size
            pixelTo.copyMemory(from: pixelFrom, byteCount: tileChannels * size)
            if size == 1 {
              pixelTo.storeBytes(of: UInt8(opaque), toByteOffset: tileChannels, as: UInt8.self)
            } else {
              pixelTo.storeBytes(of: UInt16(opaque), toByteOffset: tileChannels * 2, as: UInt16.self)
            }
          }
        }
      }
    }
  }
}
