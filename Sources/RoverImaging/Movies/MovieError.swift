/// Why a movie could not be made, with the input it concerns; the command words it and picks the exit code.
public enum MovieError: Error, Equatable, Sendable {
  /// No file could be created or named at `path` (a missing permission, a full disk, a directory in the way).
  case unwritable(path: String, reason: String)
  /// giflib or the PNG encoder failed writing `path`.
  case encoder(path: String, reason: String)
  /// A frame's file could not be read as an image (truncated, not an image, too large to decode).
  case undecodable(path: String, reason: String)
  /// Fewer than two frames of the movie decoded at one size: nothing to animate.
  case tooFewFrames(movie: String, usable: Int, of: Int)
}

/// A frame left out of a movie, and why: the first of each kind is kept in ``MovieResult/firstSkips``.
public struct MovieSkip: Sendable, Hashable {
  /// Why the frame was left out.
  public enum Reason: Sendable, Hashable {
    /// Its size differs from the movie's (the first decoded frame's).
    case size(width: Int, height: Int)
    /// It did not decode; the decoder's reason.
    case undecodable(String)
  }

  /// The frame's file.
  public var path: String
  /// Why it was left out.
  public var reason: Reason

  /// A skip from its parts.
  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }
}

/// What was written for one movie.
public struct MovieResult: Sendable, Hashable {
  /// The GIF, or the directory of numbered PNGs for `frames`.
  public var path: String
  /// Frames written.
  public var frames: Int
  /// Frames left out (another size, undecodable).
  public var skipped: Int
  /// The first frame left out for each reason, in the order met (at most two entries), for one clear message.
  public var firstSkips: [MovieSkip]
  /// The movie's size in pixels.
  public var width: Int
  /// The movie's height in pixels.
  public var height: Int
  /// The sum of the frames' delays in seconds: how long one loop plays.
  public var playSeconds: Double

  /// A result from its parts.
  public init(
    path: String, frames: Int, skipped: Int, firstSkips: [MovieSkip], width: Int, height: Int, playSeconds: Double
  ) {
    self.path = path
    self.frames = frames
    self.skipped = skipped
    self.firstSkips = firstSkips
    self.width = width
    self.height = height
    self.playSeconds = playSeconds
  }
}
