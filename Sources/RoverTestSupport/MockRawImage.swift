/// One record of NASA's raw-image feeds (api-reference 4): a Perseverance image or a Curiosity item.
///
/// Only what tests reason about is stored. Every other field of a served record (camera model, site and drive,
/// spacecraft clock, local mean solar time, received date, URLs) is derived from these by the mock, so a hand-built
/// image is served as completely as a generated one.
public struct MockRawImage: Sendable, Equatable {
  /// The size variants of a Perseverance record's `image_files`.
  public enum FileSize: String, Sendable, CaseIterable {
    /// 320 px wide JPEG.
    case small
    /// 800 px wide JPEG.
    case medium
    /// 1200 px wide JPEG, the original API's `img_src`.
    case large
    /// The full-resolution PNG.
    case fullRes = "full_res"
  }

  /// The feed's `imageid` string, e.g. `NLF_0100_0675828717_276ECM_N0040218NCAM00503_01_295J`.
  public var id: String
  /// Curiosity's integer `id` (about 1.5 million); nil for Perseverance. Curiosity items always have one, and the
  /// mock tells the rovers' records apart by it.
  public var curiosityID: Int?
  public var sol: Int
  /// The feed's instrument string: `NAVCAM_LEFT`, `HELI_NAV`, `NAV_LEFT_B`, `MAST_LEFT`…
  public var instrument: String
  /// As the feed spells it: Perseverance `Full` or `Thumbnail`, Curiosity `full`, `thumbnail` or `subframe`.
  public var sampleType: String
  /// The capture time as the feed writes it: Perseverance's `date_taken_utc` has no zone
  /// (`2021-06-01T14:14:37.984`), Curiosity's `date_taken` ends in `Z` (`2025-07-15T16:42:07.000Z`).
  public var dateTakenUTC: String
  public var title: String

  public init(
    id: String, curiosityID: Int? = nil, sol: Int, instrument: String, sampleType: String, dateTakenUTC: String,
    title: String
  ) {
    self.id = id
    self.curiosityID = curiosityID
    self.sol = sol
    self.instrument = instrument
    self.sampleType = sampleType
    self.dateTakenUTC = dateTakenUTC
    self.title = title
  }

  public var isCuriosity: Bool {
    curiosityID != nil
  }

  /// Curiosity's `is_thumbnail`; for Perseverance, `sample_type == "Thumbnail"`.
  public var isThumbnail: Bool {
    sampleType.lowercased() == "thumbnail"
  }

  /// An Ingenuity camera (`HELI_NAV`, `HELI_RTE`), served only with `category=mars2020,ingenuity`.
  public var isIngenuity: Bool {
    instrument.uppercased().hasPrefix("HELI_")
  }

  /// The UTC date of the actual capture, `YYYY-MM-DD`; it can differ from the formula of api-reference 1.6.
  public var captureDate: String {
    String(dateTakenUTC.prefix(10))
  }

  /// The path the mock serves this image at. Perseverance: `/images/m2020/<sol>/<imageid>_320.jpg`, `_800.jpg`,
  /// `_1200.jpg` or `.png` by `size`. Curiosity: `/images/msl/<sol>/<imageid>.JPG` whatever `size` (one URL per item).
  public func imagePath(_ size: FileSize = .large) -> String {
    if isCuriosity {
      return "/images/msl/\(sol)/\(id).JPG"
    }
    let suffix: String
    switch size {
    case .small: suffix = "_320.jpg"
    case .medium: suffix = "_800.jpg"
    case .large: suffix = "_1200.jpg"
    case .fullRes: suffix = ".png"
    }
    return "/images/m2020/\(sol)/\(id)\(suffix)"
  }
}
