import RoverCore

/// A JPL camera model (CAHV, CAHVOR or CAHVORE) ready to project: the feed's `CameraModel` (RoverCore) checked and
/// typed.
///
/// Why: the raw feeds give every engineering frame its model in the delivered image's own pixels, and that model is
/// what rectifies a stereo pair and places a tile. Perseverance's Navcams are CAHVORE fish-eye models (type 2), whose
/// distortion moves pixels by several pixels away from the centre, so projecting through the whole model matters.
///
/// The equations follow Gennery's CAHVOR/CAHVORE papers and JPL's published descriptions of them (as mrcal and
/// VICAR describe `cmod_cahvore_3d_to_2d`): a point's angle θ off the axis O solves
/// ζ sin θ − λ cos θ = (θ − sin θ)(e0 + e1 θ² + e2 θ⁴) by Newton's method; χ follows from θ and the linearity
/// (θ for fish-eye, tan θ for perspective); the point moves to O·λ/χ + Λ·(1 + r0 + r1 χ² + r2 χ⁴), and the linear
/// CAHV part maps it to (x, y) = (P·H / P·A, P·V / P·A).
public struct JPLCameraModel: Sendable, Hashable {
  /// The model family, as the feeds name it in `camera_model_type`.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// Linear (pinhole): C, A, H, V.
    case cahv = "CAHV"
    /// Radial distortion about the axis O: adds O and R.
    case cahvor = "CAHVOR"
    /// Moving entrance pupil and fish-eye projection: adds E and a model type (1 perspective, 2 fish-eye,
    /// 3 general with a linearity parameter).
    case cahvore = "CAHVORE"
  }

  /// The family.
  public var kind: Kind
  /// The camera centre, metres.
  public var c: Vector3
  /// The unit pointing axis.
  public var a: Vector3
  /// The horizontal image-plane vector: column = (P − C)·H / (P − C)·A.
  public var h: Vector3
  /// The vertical image-plane vector: row = (P − C)·V / (P − C)·A.
  public var v: Vector3
  /// The distortion axis (CAHVOR, CAHVORE); A for CAHV.
  public var o: Vector3
  /// The radial distortion terms r0, r1, r2 (zero for CAHV).
  public var r: Vector3
  /// The entrance-pupil terms e0, e1, e2 (zero below CAHVORE).
  public var e: Vector3
  /// CAHVORE's linearity: 1 perspective, 0 fish-eye, else the general model's parameter; 1 below CAHVORE.
  public var linearity: Double

  /// A model from its parts; O, R and E default to what makes a plain CAHV model.
  public init(
    kind: Kind, c: Vector3, a: Vector3, h: Vector3, v: Vector3, o: Vector3? = nil, r: Vector3 = Vector3(0, 0, 0),
    e: Vector3 = Vector3(0, 0, 0), linearity: Double = 1
  ) {
    self.kind = kind
    self.c = c
    self.a = a
    self.h = h
    self.v = v
    self.o = o ?? a
    self.r = r
    self.e = e
    self.linearity = linearity
  }

  /// The column where the axis A meets the image (A·H), in pixels.
  public var horizontalCenter: Double { a.dot(h) }
  /// The row where the axis A meets the image (A·V), in pixels.
  public var verticalCenter: Double { a.dot(v) }
  /// The horizontal focal length |A × H|, in pixels.
  public var horizontalScale: Double { a.cross(h).length }
  /// The vertical focal length |A × V|, in pixels.
  public var verticalScale: Double { a.cross(v).length }

  /// The same camera seen on an image whose origin lies `dx` columns and `dy` rows before this one's: a tile's model
  /// moved onto the canvas it is placed in at (`dx`, `dy`). Only H and V change: H + dx·A, V + dy·A, so that every
  /// projected column grows by `dx` and every row by `dy`.
  public func movedOnImagePlane(dx: Double, dy: Double) -> JPLCameraModel {
    var moved = self
    moved.h = h + a * dx
    moved.v = v + a * dy
    return moved
  }

  /// The model in the feeds' form, for JSON.
  public var cameraModel: CameraModel {
    var vectors = ["c": c.array, "a": a.array, "h": h.array, "v": v.array]
    var parameters: [Double] = []
    if kind != .cahv { (vectors["o"], vectors["r"]) = (o.array, r.array) }
    if kind == .cahvore {
      vectors["e"] = e.array
      switch linearity {
      case 1: parameters = [1, 1]
      case 0: parameters = [2, 0]
      default: parameters = [3, linearity]
      }
    }
    return CameraModel(type: kind.rawValue, vectors: vectors, parameters: parameters)
  }
}
