/// One record of NASA's raw-image feeds (api-reference 4): a Perseverance image or a Curiosity item.
///
/// Only the fields RoverCore reads are stored and served; the feeds' many others (camera geometry, clocks,
/// captions, credits) are left out because nothing decodes them.
public struct MockRawImage: Sendable, Equatable {
  /// The size variants of a Perseverance record's `image_files`.
  public enum FileSize: String, Sendable, CaseIterable {
    case small, medium, large
    case fullRes = "full_res"
  }

  /// The feed's `imageid`, e.g. `NLF_0100_0675828717_276ECM_N0040218NCAM00503_01_295J`.
  public var id: String
  /// Curiosity's integer `id`; nil for Perseverance, which is how the mock tells the rovers' records apart.
  public var curiosityID: Int?
  public var sol: Int
  /// `NAVCAM_LEFT`, `HELI_NAV`, `NAV_LEFT_B`, `MAST_LEFT`…
  public var instrument: String
  /// As the feed spells it: Perseverance `Full` or `Thumbnail`, Curiosity `full`, `thumbnail` or `subframe`.
  public var sampleType: String
  /// Perseverance's `date_taken_utc` has no zone (`2021-06-01T14:14:37.984`), Curiosity's `date_taken` ends in `Z`.
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

  public var isThumbnail: Bool {
    sampleType.lowercased() == "thumbnail"
  }

  /// An Ingenuity camera (`HELI_NAV`, `HELI_RTE`), served only with `category=mars2020,ingenuity`.
  public var isIngenuity: Bool {
    instrument.uppercased().hasPrefix("HELI_")
  }

  /// Where the mock serves the image. Perseverance: `/images/m2020/<sol>/<imageid>_320.jpg`, `_800.jpg`, `_1200.jpg`
  /// or `.png` by `size`; Curiosity: `/images/msl/<sol>/<imageid>.JPG` whatever `size`.
  public func imagePath(_ size: FileSize = .large) -> String {
    if curiosityID != nil {
      return "/images/msl/\(sol)/\(id).JPG"
    }
    let suffix = [FileSize.small: "_320.jpg", .medium: "_800.jpg", .large: "_1200.jpg", .fullRes: ".png"][size] ?? ""
    return "/images/m2020/\(sol)/\(id)\(suffix)"
  }
}
