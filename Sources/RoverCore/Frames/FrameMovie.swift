import Foundation

/// Frames that make one animation: the same camera looking at the same place over time, ordered by the shutter clock.
///
/// Why: a dust-devil survey, a cloud or zenith movie, a sundial series is a handful of frames of one sequence taken
/// seconds to minutes apart with the camera held still. Cutting those by file position (`ls | head | tail`) mixes
/// pointings; grouping by sequence, eye, subframe, binning and mast pointing gives the movies a person would cut.
/// A survey of three frames at each of eight pointings is eight movies.
///
/// Made by ``SequenceGrouping/movies(_:)`` (one sequence's frames) or ``SequenceGrouping/driveMovies(_:)`` (one frame
/// per drive). JSON: `{"id", "sol", "last_sol", "sequence", "camera", "eye", "frames", "first_sclk", "last_sclk",
/// "cadence_seconds", "duration_seconds", "width", "height"}`, every key present, `null` where unknown; the photos
/// themselves are not written, only their count.
public struct FrameMovie: Sendable, Hashable, Encodable {
  /// A name unique within one listing: `<sol>-<sequence>-<eye>-<nn>` (`3121-NCAM00595-right-01`), the number
  /// counting the movies of that sol, sequence and eye by first clock; `drives-<camera>-<first sol>-<last sol>` for
  /// a drive movie. Safe as a file name: letters, digits, `-` and `_` only.
  public var id: String
  /// The sol of the first frame.
  public var sol: Int
  /// The sol of the last frame; equal to ``FrameMovie/sol`` except for a drive movie.
  public var lastSol: Int
  /// The sequence id the frames share; `nil` for a drive movie, whose frames come from many sequences.
  public var sequence: String?
  /// The camera that took every frame, as the service names it (`NAV_RIGHT_B`, `NAVCAM_LEFT`).
  public var camera: String
  /// The eye of a stereo camera, `left` or `right`; `nil` for mono cameras.
  public var eye: String?
  /// The frames in shutter-clock order (drive order for a drive movie), one per exposure.
  public var photos: [Photo]
  /// The delivered size in pixels the frames share, where the feed gives it; `nil` when unknown.
  public var width: Int?
  /// The delivered height in pixels, as ``FrameMovie/width``.
  public var height: Int?

  /// A movie from its frames, already grouped and ordered.
  public init(
    id: String, sol: Int, lastSol: Int? = nil, sequence: String?, camera: String, eye: String?, photos: [Photo],
    width: Int? = nil, height: Int? = nil
  ) {
    self.id = id
    self.sol = sol
    self.lastSol = lastSol ?? sol
    self.sequence = sequence
    self.camera = camera
    self.eye = eye
    self.photos = photos
    self.width = width
    self.height = height
  }

  /// The spacecraft clock of each frame in seconds, in frame order (the shutter clock where the feed gives it,
  /// else the name's); `nil` for a frame with neither.
  public var clocks: [Double?] { photos.map(SequenceGrouping.clock) }

  /// The first frame's spacecraft clock, seconds.
  public var firstClock: Double? { clocks.first ?? nil }
  /// The last frame's spacecraft clock, seconds.
  public var lastClock: Double? { clocks.last ?? nil }

  /// Seconds from the first frame to the last; `nil` when a clock is unknown.
  public var duration: Double? {
    guard let first = firstClock, let last = lastClock else { return nil }
    return last - first
  }

  /// The mean time between frames in seconds, to the millisecond (the clocks' own precision): the duration over
  /// the gaps; `nil` for fewer than two frames or an unknown clock.
  public var cadence: Double? {
    guard photos.count > 1, let duration else { return nil }
    return (duration / Double(photos.count - 1) * 1000).rounded() / 1000
  }

  enum CodingKeys: String, CodingKey {
    case id, sol, sequence, camera, eye, frames, width, height
    case lastSol = "last_sol"
    case firstClock = "first_sclk"
    case lastClock = "last_sclk"
    case cadence = "cadence_seconds"
    case duration = "duration_seconds"
  }

  /// Writes every key, `null` where unknown; `frames` is the number of frames.
  ///
  /// - Throws: whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(sol, forKey: .sol)
    try container.encode(lastSol, forKey: .lastSol)
    try container.encode(sequence, forKey: .sequence)
    try container.encode(camera, forKey: .camera)
    try container.encode(eye, forKey: .eye)
    try container.encode(photos.count, forKey: .frames)
    try container.encode(firstClock, forKey: .firstClock)
    try container.encode(lastClock, forKey: .lastClock)
    try container.encode(cadence, forKey: .cadence)
    try container.encode(duration, forKey: .duration)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
  }
}
