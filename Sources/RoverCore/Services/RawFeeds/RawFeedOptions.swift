/// Choices about photos: the size every service maps to what it has (raw feeds: 320/800/1200 px and the full
/// PNG; the PDS: the 256 px catalog or the 1024 px browse JPEG; the API copies: their one `img_src`), and
/// thumbnails, which only the raw feeds have.
package struct RawFeedOptions: Hashable, Sendable {
  /// Which rendition of a Perseverance or Ingenuity record becomes `img_src`; Curiosity and InSight have one size per
  /// record.
  package enum ImageSize: String, CaseIterable, Sendable {
    case small, medium, large, full
  }

  package var size: ImageSize
  /// Keep thumbnails and other non-full sample types (the API copies only ever kept full frames).
  package var includeThumbnails: Bool

  /// Whether the user asked for the size (`--size`), so a service that cannot honour it says so.
  package var sizeRequested: Bool
  /// Whether the listing filters or names photos by frame metadata the Photos-API copies do not carry (Mars time,
  /// site, drive, sequence): `--service auto` then asks NASA's raw feeds (Perseverance, Curiosity, Ingenuity,
  /// InSight) or the PDS (Spirit, Opportunity) only.
  package var needsFrameMetadata = false

  /// Keep each raw-feed record verbatim (``Photo/source``) for a `--metadata` sidecar. Off otherwise: a sol's
  /// records held whole cost many times their photos, and nothing else reads them.
  package var keepsRecords: Bool

  package init(
    size: ImageSize = .large, includeThumbnails: Bool = false, sizeRequested: Bool = false, keepsRecords: Bool = false
  ) {
    self.size = size
    self.includeThumbnails = includeThumbnails
    self.sizeRequested = sizeRequested
    self.keepsRecords = keepsRecords
  }
}
