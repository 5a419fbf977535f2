import RoverCore

/// Where one tile goes on the canvas, in canvas pixels, and the file that holds it.
struct TilePlacement: Sendable {
  var tile: Int
  var photo: Photo
  var path: String
  var subframe: Subframe
  var scale: Int
  /// The tile's first column and row on the canvas: (x − 1) / scale, (y − 1) / scale.
  var x: Int
  var y: Int
  /// The size the subframe says the tile has: its sensor size divided by the scale.
  var width: Int
  var height: Int

  /// Whether this tile covers canvas pixel column `column`, row `row`.
  func covers(column: Int, row: Int) -> Bool {
    column >= x && column < x + width && row >= y && row < y + height
  }

  /// Refuses a decoded tile whose size disagrees with its subframe.
  func check(_ raster: Raster) throws(ImagingError) {
    guard raster.width == width, raster.height == height else {
      throw .invalidInput(
        path: path,
        reason: "tile is \(raster.width)x\(raster.height) but its subframe \(subframe.width)x\(subframe.height) "
          + "at scale \(scale) says \(width)x\(height)")
    }
  }
}
