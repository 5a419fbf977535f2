extension RawFeedClient {
  /// The rovers NASA's raw feeds serve. Two services answer: the `/rss/api/` feed (Perseverance and, under its own
  /// category, Ingenuity) and `/api/v1/raw_image_items/` (Curiosity and InSight), each with its own record shape.
  enum FeedRover: String, CaseIterable {
    case perseverance, curiosity, ingenuity, insight

    /// "InSight" is not `rawValue.capitalized`.
    var displayName: String {
      self == .insight ? "InSight" : rawValue.capitalized
    }

    /// Ingenuity's mission ended in January 2024 and InSight's in December 2022: their feeds no longer grow.
    var status: RoverStatus {
      isComplete ? .complete : .active
    }

    var isComplete: Bool {
      self == .ingenuity || self == .insight
    }

    /// The `/rss/api/` category (api-reference 4.1, 7.3); nil for rovers of `raw_image_items`.
    var category: String? {
      switch self {
      case .perseverance: return "mars2020"
      case .ingenuity: return IngenuityFeed.category
      case .curiosity, .insight: return nil
      }
    }

    /// Records per feed page the client asks for.
    var pageSize: Int {
      switch self {
      case .perseverance, .ingenuity: return PerseveranceFeed.pageSize
      case .curiosity: return CuriosityFeed.pageSize
      case .insight: return InSightFeed.pageSize
      }
    }
  }
}
