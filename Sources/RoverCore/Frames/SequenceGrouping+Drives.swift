import Foundation

extension SequenceGrouping {
  /// One movie per camera: one frame per (site, drive), all of one size, in drive order.
  ///
  /// Why: a drive time-lapse shows the traverse, one view per stop; a stop's dozens of frames would stall it. Of a
  /// camera's frames the size kept is the one seen at the most drives (the larger on a tie), so subframes and
  /// thumbnails of other sizes drop out; at each drive the earliest frame of that size by clock is kept. Frames
  /// without a site and drive (from the feed or the name) or a clock are left out; a camera with fewer than three
  /// drives gives no movie.
  ///
  /// Photos from many sols may be given at once; memory is one photo per camera, drive and size.
  public static func driveMovies(_ photos: [Photo]) -> [FrameMovie] {
    var builder = DriveMovieBuilder()
    builder.add(photos)
    return builder.movies()
  }
}

/// Collects a range's drive frames sol by sol, keeping one candidate per camera, drive and size, so a long range is
/// never held whole.
package struct DriveMovieBuilder: Sendable {
  struct Key: Hashable {
    var camera: String
    var site: Int
    var drive: Int
    var width: Int?
    var height: Int?
  }

  private var candidates: [Key: Photo] = [:]

  package init() {}

  /// Offers a batch of photos (a sol's, in any order).
  package mutating func add(_ photos: [Photo]) {
    for photo in photos {
      let frame = photo.frame
      guard !SequenceGrouping.isThumbnail(photo, frame), let clock = SequenceGrouping.clock(photo),
        let site = photo.metadata.site ?? frame?.site, let drive = photo.metadata.drive ?? frame?.drive
      else { continue }
      let key = Key(
        camera: photo.camera.name, site: site, drive: drive, width: photo.metadata.width,
        height: photo.metadata.height)
      if let kept = candidates[key], let keptClock = SequenceGrouping.clock(kept), keptClock <= clock { continue }
      candidates[key] = photo
    }
  }

  /// The movies, ordered by camera name.
  package func movies() -> [FrameMovie] {
    let byCamera = Dictionary(grouping: candidates, by: \.key.camera)
    return byCamera.keys.sorted().compactMap { camera -> FrameMovie? in
      guard let entries = byCamera[camera] else { return nil }
      let counts = Dictionary(grouping: entries) { Size(width: $0.key.width, height: $0.key.height) }
      guard
        let size = counts.max(by: { ($0.value.count, $0.key.area) < ($1.value.count, $1.key.area) })?.key,
        let frames = counts[size], frames.count >= SequenceGrouping.movieMinimumFrames
      else { return nil }
      let ordered = frames.sorted { ($0.key.site, $0.key.drive) < ($1.key.site, $1.key.drive) }.map(\.value)
      let sols = ordered.map(\.sol)
      let first = sols.min() ?? 0
      let last = sols.max() ?? 0
      return FrameMovie(
        id: SequenceGrouping.fileSafe("drives-\(camera)-\(first)-\(last)"), sol: first, lastSol: last,
        sequence: nil, camera: camera, eye: ordered[0].frame?.eye?.rawValue, photos: ordered, width: size.width,
        height: size.height)
    }
  }

  struct Size: Hashable {
    var width: Int?
    var height: Int?
    /// Pixels, 0 when unknown; clamped so a hostile size cannot overflow.
    var area: Int { min(width ?? 0, 1 << 30).multipliedReportingOverflow(by: min(height ?? 0, 1 << 30)).partialValue }
  }
}
