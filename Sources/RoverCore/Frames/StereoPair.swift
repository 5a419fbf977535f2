import Foundation

/// One entry of a stereo listing: the left and right frames of one exposure, or a frame that found no partner.
///
/// Every photo given to ``StereoPairing/pairs(_:)`` comes back in exactly one `StereoPair`, so a listing of pairs
/// accounts for every frame: a pair has both sides; a frame without a partner has the other side `nil`. A mono
/// camera's frame, or one whose name says no eye, sits in ``left`` with ``right`` `nil` (it is reported, never
/// dropped, and `left` is where a reader looks first).
///
/// The differences are those of the pair's two frames, `nil` for an unpaired frame or where either frame lacks the
/// value. They are magnitudes (never negative), rounded to 10⁻⁶ to drop the noise of subtracting two large floats.
///
/// JSON: `{"left": photo|null, "right": photo|null, "sclk_difference", "azimuth_difference",
/// "elevation_difference", "cross_product"}`, each photo in rover's photo JSON, every key present, `null` where
/// unknown (`cross_product` is `null` for an unpaired frame).
public struct StereoPair: Sendable, Equatable {
  /// The left eye's frame; for an unpaired frame without an eye (a mono camera), that frame.
  public var left: Photo?
  /// The right eye's frame; `nil` when the left frame found no partner or has no eye.
  public var right: Photo?
  /// How far apart the two shutters opened, in seconds: the feeds' shutter clocks (`extended.sclk`,
  /// `spacecraft_clock`); for a pair matched by time (MER Pancam) the file-name clock where a feed gives
  /// none. Real pairs: up to 0.55 s (16 verified Perseverance pairs, api-reference 8.12).
  public var sclkDifference: Double?
  /// The angle between the two frames' mast azimuths, in degrees, across north (359.9° and 0.1° are 0.2° apart).
  public var azimuthDifference: Double?
  /// The difference of the two frames' mast elevations, in degrees.
  public var elevationDifference: Double?
  /// Whether the two eyes are different products of their exposure (a debayered `EBY` left with a raw Bayer `ECM`
  /// right): `true` only when neither eye had a partner of its own product; `nil` for an unpaired frame.
  public var crossProduct: Bool?

  /// A pair (or a lone frame) from its parts, as ``StereoPairing/pairs(_:)`` or a test makes one.
  public init(
    left: Photo? = nil, right: Photo? = nil, sclkDifference: Double? = nil, azimuthDifference: Double? = nil,
    elevationDifference: Double? = nil, crossProduct: Bool? = nil
  ) {
    self.left = left
    self.right = right
    self.sclkDifference = sclkDifference
    self.azimuthDifference = azimuthDifference
    self.elevationDifference = elevationDifference
    self.crossProduct = crossProduct
  }

  /// Whether both eyes are present: a stereo pair rather than a lone frame.
  public var isPaired: Bool { left != nil && right != nil }
}
