/// Choices only NASA's raw feeds offer.
public struct RawFeedOptions: Hashable, Sendable {
  /// Which of Perseverance's renditions becomes `img_src`; Curiosity has one size per record.
  public enum ImageSize: String, CaseIterable, Sendable {
    case small, medium, large, full
  }

  public var size: ImageSize
  /// Keep thumbnails and other non-full sample types (the API copies only ever kept full frames).
  public var includeThumbnails: Bool
  /// Ask the Perseverance feed for Ingenuity's cameras too.
  public var includeIngenuity: Bool

  public init(size: ImageSize = .large, includeThumbnails: Bool = false, includeIngenuity: Bool = false) {
    self.size = size
    self.includeThumbnails = includeThumbnails
    self.includeIngenuity = includeIngenuity
  }
}
