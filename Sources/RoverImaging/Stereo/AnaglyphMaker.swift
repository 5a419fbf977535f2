import RoverCore

/// Makes a stereo picture from a left and a right frame and their camera models.
///
/// Why rectify: on a real Perseverance Navcam pair (sol 1110) the raw eyes are off vertically by −3 to +7 pixels
/// across the frame, which no single shift fixes; resampling both eyes onto one linear camera through their full
/// CAHVORE models brings matched points onto the same row. Pictures are decoded one at a time and only the channels
/// the style needs are kept, so memory stays near the output's size plus one input.
///
/// Value type, no shared state; the resampling uses every core.
public struct AnaglyphMaker: Sendable {
  /// How the eyes are combined.
  public var style: AnaglyphStyle

  /// A maker of the given style (grey red/cyan by default).
  public init(style: AnaglyphStyle = .grey) {
    self.style = style
  }

  /// Makes the picture of one pair.
  ///
  /// - Parameters:
  ///   - leftPath: the left eye's image file (PNG or JPEG).
  ///   - leftModel: the left eye's camera model in that image's pixels; nil when the feed gave none.
  ///   - rightPath: the right eye's image file.
  ///   - rightModel: the right eye's camera model.
  /// - Returns: the picture; without both models it is aligned by a vertical shift found by correlation, and says
  ///   so in ``Anaglyph/rectification`` and ``Anaglyph/fallbackReason``.
  /// - Throws: ``ImagingError/invalidInput(path:reason:)`` for two pictures of different sizes or bit depths, or a
  ///   model with a NaN or zero vector; the codec's errors for a picture that cannot be decoded.
  public func make(leftPath: String, leftModel: CameraModel?, rightPath: String, rightModel: CameraModel?)
    throws(ImagingError) -> Anaglyph
  {
    let left = try leftModel.map { model throws(ImagingError) in try JPLCameraModel(model, source: leftPath) }
    let right = try rightModel.map { model throws(ImagingError) in try JPLCameraModel(model, source: rightPath) }
    if style == .crossEye || style == .sideBySide {
      return try sideBySide(leftPath: leftPath, left: left, rightPath: rightPath, right: right)
    }
    let leftPlanes = try EyePlanes.decode(leftPath, keep: style == .grey ? .luminance : .red)
    let rightPlanes = try EyePlanes.decode(rightPath, keep: style == .grey ? .luminance : .greenBlue)
    try EyePlanes.check(leftPlanes, leftPath, against: rightPlanes, rightPath)
    let (width, height) = (leftPlanes.width, leftPlanes.height)
    var output = Raster(width: width, height: height, channels: 3, bitDepth: leftPlanes.bitDepth)
    let rightChannels = style == .grey ? [(from: 0, to: 1), (from: 0, to: 2)] : [(from: 0, to: 1), (from: 1, to: 2)]
    guard let left, let right else {
      let rows = EyePlanes.verticalShift(leftPlanes, rightPlanes)
      Resampler.resample(
        leftPlanes, map: SourceMap(width: width, height: height, rowShift: 0), into: &output, column: 0,
        channels: [(0, 0)])
      Resampler.resample(
        rightPlanes, map: SourceMap(width: width, height: height, rowShift: rows), into: &output, column: 0,
        channels: rightChannels)
      return Anaglyph(
        raster: output, rectification: .verticalShift(rows: rows), fallbackReason: Self.missingModel(left, right))
    }
    let rectifier = try StereoRectifier(left: left, right: right, width: width, height: height, source: leftPath)
    rectifier.rectify(leftPlanes, eye: .left, into: &output, channels: [(0, 0)])
    rectifier.rectify(rightPlanes, eye: .right, into: &output, channels: rightChannels)
    return Anaglyph(raster: output, rectification: .cameraModels)
  }

  /// Cross-eye and side-by-side: each eye decoded in full colour and resampled straight into its half.
  private func sideBySide(leftPath: String, left: JPLCameraModel?, rightPath: String, right: JPLCameraModel?)
    throws(ImagingError) -> Anaglyph
  {
    let leftImage = try EyePlanes.decode(leftPath, keep: .rgb)
    let rightImage = try EyePlanes.decode(rightPath, keep: .rgb)
    try EyePlanes.check(leftImage, leftPath, against: rightImage, rightPath)
    let (width, height) = (leftImage.width, leftImage.height)
    var output = Raster(width: 2 * width, height: height, channels: 3, bitDepth: leftImage.bitDepth)
    let all = [(from: 0, to: 0), (from: 1, to: 1), (from: 2, to: 2)]
    let (leftColumn, rightColumn) = style == .crossEye ? (width, 0) : (0, width)
    guard let left, let right else {
      let rows = EyePlanes.verticalShift(EyePlanes.luminance(leftImage), EyePlanes.luminance(rightImage))
      Resampler.resample(
        leftImage, map: SourceMap(width: width, height: height, rowShift: 0), into: &output, column: leftColumn,
        channels: all)
      Resampler.resample(
        rightImage, map: SourceMap(width: width, height: height, rowShift: rows), into: &output, column: rightColumn,
        channels: all)
      return Anaglyph(
        raster: output, rectification: .verticalShift(rows: rows), fallbackReason: Self.missingModel(left, right))
    }
    let rectifier = try StereoRectifier(left: left, right: right, width: width, height: height, source: leftPath)
    rectifier.rectify(leftImage, eye: .left, into: &output, column: leftColumn, channels: all)
    rectifier.rectify(rightImage, eye: .right, into: &output, column: rightColumn, channels: all)
    return Anaglyph(raster: output, rectification: .cameraModels)
  }

  private static func missingModel(_ left: JPLCameraModel?, _ right: JPLCameraModel?) -> String {
    switch (left == nil, right == nil) {
    case (true, true): return "neither eye has a camera model"
    case (true, false): return "the left eye has no camera model"
    default: return "the right eye has no camera model"
    }
  }
}
