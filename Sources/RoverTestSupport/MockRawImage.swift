/// One record of NASA's raw-image feeds (api-reference 4, 7.3, 7.4): a Perseverance or Ingenuity image, or a
/// Curiosity or InSight item.
///
/// Only the fields RoverCore reads are stored; the feeds' many others (camera geometry, clocks, captions, credits)
/// are either left out or, for InSight, served with the captured record's constant values.
public struct MockRawImage: Sendable, Equatable {
  /// The size variants of a Perseverance or Ingenuity record's `image_files`.
  public enum FileSize: String, Sendable, CaseIterable {
    case small, medium, large
    case fullRes = "full_res"
  }

  /// The feed's `imageid`, e.g. `NLF_0100_0675828717_276ECM_N0040218NCAM00503_01_295J`.
  public var id: String
  /// The `raw_image_items` integer `id` (Curiosity, InSight); nil on the `/rss/api/` feed.
  public var itemID: Int?
  public var mission: MockRawMission
  public var sol: Int
  /// `NAVCAM_LEFT`, `HELI_NAV`, `NAV_LEFT_B`, `MAST_LEFT`, InSight's lower-case `icc`…
  public var instrument: String
  /// As the feed spells it: Perseverance and Ingenuity `Full` or `Thumbnail`, Curiosity `full`, `thumbnail` or
  /// `subframe`. InSight has no sample type on the wire, only `is_thumbnail`: `full` or `thumbnail` here.
  public var sampleType: String
  /// `/rss/api/`'s `date_taken_utc` has no zone (`2021-06-01T14:14:37.984`), `date_taken` ends in `Z`.
  public var dateTakenUTC: String
  public var title: String
  /// InSight's `extended.localtime` (LMST, no `Sol-` prefix); nil elsewhere.
  public var localTime: String?

  public init(
    id: String, itemID: Int? = nil, mission: MockRawMission, sol: Int, instrument: String, sampleType: String,
    dateTakenUTC: String, title: String, localTime: String? = nil
  ) {
    self.id = id
    self.itemID = itemID
    self.mission = mission
    self.sol = sol
    self.instrument = instrument
    self.sampleType = sampleType
    self.dateTakenUTC = dateTakenUTC
    self.title = title
    self.localTime = localTime
  }

  public var isThumbnail: Bool {
    sampleType.lowercased() == "thumbnail"
  }

  /// Where the mock serves the image. Perseverance: `/images/m2020/<sol>/<imageid>_320.jpg`, `_800.jpg`,
  /// `_1200.jpg` or `.png` by `size`, and Ingenuity the same under `/images/heli/`; Curiosity
  /// `/images/msl/<sol>/<imageid>.JPG` and InSight `/images/insight/<sol>/<instrument>/<imageid>.JPG` whatever
  /// `size`.
  public func imagePath(_ size: FileSize = .large) -> String {
    switch mission {
    case .msl: return "/images/msl/\(sol)/\(id).JPG"
    case .insight: return "/images/insight/\(sol)/\(instrument.lowercased())/\(id).JPG"
    case .mars2020, .ingenuity:
      let suffix = [FileSize.small: "_320.jpg", .medium: "_800.jpg", .large: "_1200.jpg", .fullRes: ".png"][size] ?? ""
      return "/images/\(mission == .ingenuity ? "heli" : "m2020")/\(sol)/\(id)\(suffix)"
    }
  }
}
