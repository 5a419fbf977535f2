import RoverCore

extension JPLCameraModel {
  /// Reads and checks a feed's model.
  ///
  /// CAHVORE's two trailing scalars are the model type (1 perspective, 2 fish-eye, 3 general) and the general
  /// model's linearity, as the feeds write them (`…;2.0;0.0` on Perseverance's Navcams).
  ///
  /// - Parameters:
  ///   - model: the feed's model.
  ///   - source: the file or frame it belongs to, named in an error.
  /// - Throws: ``ImagingError/invalidInput(path:reason:)`` for an unknown family, a missing vector, a NaN or
  ///   infinite component, a zero A, H, V or O, H or V parallel to A, or an unknown CAHVORE type.
  public init(_ model: CameraModel, source: String) throws(ImagingError) {
    guard let kind = Kind(rawValue: model.type.uppercased()) else {
      throw .invalidInput(path: source, reason: "unknown camera model type \(model.type)")
    }
    func vector(_ letter: String) throws(ImagingError) -> Vector3 {
      guard let vector = Vector3(model.vectors[letter]) else {
        throw .invalidInput(path: source, reason: "camera model has no \(letter.uppercased()) vector")
      }
      guard vector.isFinite else {
        throw .invalidInput(path: source, reason: "camera model's \(letter.uppercased()) is not finite")
      }
      return vector
    }
    let zero = Vector3(0, 0, 0)
    let distorted = kind != .cahv
    self.init(
      kind: kind, c: try vector("c"), a: try vector("a"), h: try vector("h"), v: try vector("v"),
      o: distorted ? try vector("o") : nil, r: distorted ? try vector("r") : zero,
      e: kind == .cahvore ? try vector("e") : zero, linearity: try Self.linearity(kind, model, source: source))
    try check(source: source)
  }

  private static func linearity(_ kind: Kind, _ model: CameraModel, source: String) throws(ImagingError) -> Double {
    guard kind == .cahvore else { return 1 }
    let type = model.parameters.first ?? 1
    switch type {
    case 1: return 1
    case 2: return 0
    case 3:
      guard model.parameters.count > 1, model.parameters[1].isFinite else {
        throw .invalidInput(path: source, reason: "general CAHVORE model without a finite linearity")
      }
      return model.parameters[1]
    default:
      throw .invalidInput(path: source, reason: "unknown CAHVORE model type \(type)")
    }
  }

  private func check(source: String) throws(ImagingError) {
    for (letter, vector) in [("A", a), ("H", h), ("V", v), ("O", o)] where vector.length == 0 {
      throw .invalidInput(path: source, reason: "camera model's \(letter) is a zero vector")
    }
    guard horizontalScale > 1e-9, verticalScale > 1e-9 else {
      throw .invalidInput(path: source, reason: "camera model's H or V is parallel to A")
    }
  }
}
