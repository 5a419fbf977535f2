/// `--match-levels`: one gain per channel for a tile, so that its overlap with the tiles already placed has their
/// mean. Off unless asked: the real tiles agree without it, and a gain changes the data.
enum LevelMatching {
  static func match(
    _ tile: inout Raster, at placement: TilePlacement, against placed: [TilePlacement], in canvas: Raster
  ) {
    let colors = canvas.hasAlpha ? canvas.channels - 1 : canvas.channels
    var tileSums = [Double](repeating: 0, count: colors)
    var canvasSums = [Double](repeating: 0, count: colors)
    for other in placed {
      let left = max(placement.x, other.x)
      let right = min(placement.x + placement.width, other.x + other.width)
      let top = max(placement.y, other.y)
      let bottom = min(placement.y + placement.height, other.y + other.height)
      guard left < right, top < bottom else { continue }
      for row in top..<bottom {
        for column in left..<right {
          for channel in 0..<colors {
            tileSums[channel] += Double(
              tile.sample(x: column - placement.x, y: row - placement.y, channel: channel))
            canvasSums[channel] += Double(canvas.sample(x: column, y: row, channel: channel))
          }
        }
      }
    }
    let gains = zip(canvasSums, tileSums).map { canvasSum, tileSum in
      tileSum > 0 ? min(4, max(0.25, canvasSum / tileSum)) : 1
    }
    guard gains.contains(where: { $0 != 1 }) else { return }
    for row in 0..<tile.height {
      for column in 0..<tile.width {
        for channel in 0..<colors {
          let value = Double(tile.sample(x: column, y: row, channel: channel)) * gains[channel]
          tile.setSample(Int(value.rounded()), x: column, y: row, channel: channel)
        }
      }
    }
  }
}
