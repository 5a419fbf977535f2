/// A 3-vector of a camera model, in metres (C) or unitless (A, H, V, O, R, E), in the frame the model is given in.
public struct Vector3: Sendable, Hashable, Codable {
  /// First component.
  public var x: Double
  /// Second component.
  public var y: Double
  /// Third component.
  public var z: Double

  /// A vector from its components.
  public init(_ x: Double, _ y: Double, _ z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }

  /// A vector from an array of exactly three numbers; nil otherwise.
  public init?(_ values: [Double]?) {
    guard let values, values.count == 3 else { return nil }
    self.init(values[0], values[1], values[2])
  }

  /// The components as an array, the order JPL writes them.
  public var array: [Double] { [x, y, z] }

  /// The dot product.
  public func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

  /// The cross product `self × other`.
  public func cross(_ other: Vector3) -> Vector3 {
    Vector3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
  }

  /// The Euclidean length.
  public var length: Double { dot(self).squareRoot() }

  /// This vector scaled to length 1 (a zero vector stays zero).
  public var normalized: Vector3 {
    let norm = length
    return norm > 0 ? self * (1 / norm) : self
  }

  /// Whether every component is finite (no NaN, no infinity).
  public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

  /// Component-wise sum.
  public static func + (lhs: Vector3, rhs: Vector3) -> Vector3 { Vector3(lhs.x + rhs.x, lhs.y + rhs.y, lhs.z + rhs.z) }

  /// Component-wise difference.
  public static func - (lhs: Vector3, rhs: Vector3) -> Vector3 { Vector3(lhs.x - rhs.x, lhs.y - rhs.y, lhs.z - rhs.z) }

  /// Scaling by a number.
  public static func * (lhs: Vector3, rhs: Double) -> Vector3 { Vector3(lhs.x * rhs, lhs.y * rhs, lhs.z * rhs) }
}
