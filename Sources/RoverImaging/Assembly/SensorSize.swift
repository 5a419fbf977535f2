import RoverCore

/// The full sensor of the cameras whose frames come as tiles, in sensor pixels.
enum SensorSize {
  /// Perseverance's engineering cameras (Navcam, Hazcams, CacheCam) share one 20-megapixel CMOS sensor design
  /// (5120 × 3840); nil for a camera whose sensor is not known, where the canvas ends at the tiles' extent.
  static func of(_ photo: Photo) -> (width: Int, height: Int)? {
    guard let frame = photo.frame, frame.mission == .mars2020 else { return nil }
    let code = frame.stem.prefix(1)
    return ["N", "F", "R", "C"].contains(code) ? (5120, 3840) : nil
  }
}
