/// Choices only NASA's raw feeds offer.
public struct RawFeedOptions: Hashable, Sendable {
  /// Which rendition of a Perseverance or Ingenuity record becomes `img_src`; Curiosity and InSight have one size per
  /// record.
  public enum ImageSize: String, CaseIterable, Sendable {
    case small, medium, large, full
  }

  public var size: ImageSize
  /// Keep thumbnails and other non-full sample types (the API copies only ever kept full frames).
  public var includeThumbnails: Bool

  public init(size: ImageSize = .large, includeThumbnails: Bool = false) {
    self.size = size
    self.includeThumbnails = includeThumbnails
  }
}
