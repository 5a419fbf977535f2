/// What a feed says about one frame beyond its URL: when it was taken (UTC, Mars time, spacecraft clock), where
/// (site, drive, position, attitude), how the camera pointed and its geometric model, and what was delivered.
/// Every value is as the service sent it, converted to a number where the feed quotes it (Perseverance sends most
/// numbers as strings); a value a service does not give is nil, never 0 or "" (`"UNK"` counts as not given).
///
/// In a photo's JSON these are top-level keys, always present, `null` where unknown (docs/json.md, "Frame metadata");
/// the feeds' own `date_taken`, `sample_type` and `image_files` only where a service sends them.
public struct FrameMetadata: Sendable, Hashable {
  /// Capture time, ISO 8601 in UTC with `Z`, the fraction of a second as sent.
  public var takenUTC: String?
  /// When the frame reached Earth, ISO 8601 in UTC with `Z`.
  public var receivedUTC: String?
  /// Local mean solar time of the exposure, `HH:MM:SS.fff`.
  public var lmst: String?
  /// Local true solar time, only where a source gives it (the MER index); never computed from `lmst`.
  public var ltst: String?
  /// The spacecraft clock at the shutter, in seconds (64-bit: a 32-bit float loses tens of seconds here).
  public var sclk: Double?
  /// The rover's motion counter: the site (a new origin frame).
  public var site: Int?
  /// The rover's motion counter: the drive within the site.
  public var drive: Int?
  /// The rover's position in the site frame, `[x, y, z]` in metres.
  public var xyz: [Double]?
  /// The rover's attitude quaternion in the site frame, four numbers.
  public var attitude: [Double]?
  /// The remote-sensing mast's azimuth in degrees, as sent (may be negative).
  public var mastAzimuth: Double?
  /// The remote-sensing mast's elevation in degrees.
  public var mastElevation: Double?
  /// The JPL camera model (CAHV, CAHVOR, CAHVORE) that maps the image to 3-D rays.
  public var cameraModel: CameraModel?
  /// The camera's position (the model's C vector), metres in the rover frame.
  public var cameraPosition: [Double]?
  /// The camera's pointing unit vector.
  public var cameraVector: [Double]?
  /// Delivered width in pixels.
  public var width: Int?
  /// Delivered height in pixels.
  public var height: Int?
  /// The part of the sensor read out, in full-sensor pixels.
  public var subframe: Subframe?
  /// Pixel binning: 1, 2, 4 or 8 sensor pixels per delivered pixel along each side.
  public var scaleFactor: Int?
  /// The filter (`ZCAM_L6_442NM`); nil for `UNK`.
  public var filter: String?
  /// The feed's title for the image.
  public var title: String?
  /// The feed's caption (it repeats the Mars time in words).
  public var caption: String?
  /// Whom to credit (`NASA/JPL-Caltech`, `NASA/JPL-Caltech/ASU`).
  public var credit: String?
  /// The capture time as the raw feed or the PDS sends it (`date_taken`), before rover normalises it into
  /// ``takenUTC``; in JSON only where a service sends it.
  public var dateTaken: String?
  /// `full`, `thumbnail`, `subframe`…, lower-cased (`sample_type`, NASA's raw feeds); in JSON only where sent.
  public var sampleType: String?
  /// Image URLs by size, `small`, `medium`, `large`, `full` (`image_files`, the Perseverance and Ingenuity feeds);
  /// in JSON only where sent.
  public var imageFiles: [String: String]?

  /// Metadata with every value unknown: what the Photos-API copies give.
  public init() {}

  /// Whether no value is known.
  public var isEmpty: Bool { self == FrameMetadata() }
}
