/// Which feed serves a `MockRawImage`, by the feeds' own mission names: `mars2020` and `ingenuity` are categories
/// of `/rss/api/`, `msl` and `insight` are missions of `/api/v1/raw_image_items/`.
public enum MockRawMission: String, Sendable, CaseIterable {
  case mars2020, ingenuity, msl, insight

  /// The `MockRawDataset` rover key the mission's images are kept under.
  public var rover: String {
    switch self {
    case .mars2020: return MockRawDataset.perseverance
    case .ingenuity: return MockRawDataset.ingenuity
    case .msl: return MockRawDataset.curiosity
    case .insight: return MockRawDataset.insight
    }
  }

  /// Records in the `/rss/api/` shape (`image_files` in four sizes) rather than `raw_image_items` (one URL).
  public var isRSSFeed: Bool {
    self == .mars2020 || self == .ingenuity
  }
}
