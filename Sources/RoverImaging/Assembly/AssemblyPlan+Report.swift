import RoverCore

extension AssemblyPlan {
  /// The report of a finished canvas: what was placed, the union of the placed subframes and the first placed
  /// tile's camera model moved onto the canvas (nil where that model is absent or unusable).
  func report(frame: Raster, placed: [TilePlacement], debayered: Bool, levelsMatched: Bool) -> AssemblyReport {
    let left = placed.map(\.subframe.x).min() ?? 1
    let top = placed.map(\.subframe.y).min() ?? 1
    let right = placed.map { $0.subframe.x + $0.subframe.width }.max() ?? 1
    let bottom = placed.map { $0.subframe.y + $0.subframe.height }.max() ?? 1
    var model: CameraModel?
    if let first = placed.first, let feedModel = first.photo.metadata.cameraModel,
      let parsed = try? JPLCameraModel(feedModel, source: first.path)
    {
      model = parsed.movedOnImagePlane(dx: Double(first.x), dy: Double(first.y)).cameraModel
    }
    return AssemblyReport(
      name: name, camera: camera, eye: eye, scale: scale, width: width, height: height, channels: frame.channels,
      bitDepth: frame.bitDepth, tilesUsed: placed.map(\.tile), tilesMissing: missing, uncoveredPixels: uncovered,
      unionSubframe: Subframe(x: left, y: top, width: right - left, height: bottom - top), cameraModel: model,
      debayered: debayered, levelsMatched: levelsMatched)
  }
}
