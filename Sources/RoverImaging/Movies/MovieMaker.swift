import Foundation

/// Makes one movie from its frames' files: an animated GIF, or numbered PNGs for ffmpeg.
///
/// Why here: the command lists and downloads (RoverCore), this turns files into a movie. The next frames are decoded
/// and encoded on tasks (two to four at once, one a core) while the current one is written, in order; with
/// `difference` frames are decoded twice (once for the mean, once to write). Memory is a few frames whatever the
/// movie's length. Frames of another size than the first decoded one, or that do not decode, are left out and
/// counted in the result. The work is CPU-bound on the cooperative pool, a movie at a time.
public enum MovieMaker {
  /// What a movie is written as.
  public enum Output: String, Sendable, CaseIterable {
    /// One looping animated GIF, `<id>.gif`.
    case gif
    /// Numbered PNGs, `<id>/00001.png`…, for ffmpeg (`ffmpeg -framerate 5 -i <id>/%05d.png`).
    case frames
  }

  /// How a movie is made.
  public struct Options: Sendable, Hashable {
    /// How long each frame shows (GIF only).
    public var timing: MovieTiming
    /// Change detection, as mru's `diffgif`: each frame's difference from the mean, smoothed and stretched.
    public var difference: Bool
    /// The box filter's side in pixels for `difference` (odd; 1 turns it off).
    public var boxSize: Int
    /// GIF or numbered PNGs.
    public var output: Output

    /// Options with mru `diffgif`'s defaults for the filter (a 5-pixel box).
    public init(timing: MovieTiming = .standard, difference: Bool = false, boxSize: Int = 5, output: Output = .gif) {
      self.timing = timing
      self.difference = difference
      self.boxSize = boxSize
      self.output = output
    }
  }

  /// Writes the movie `id` (a file-safe name, see `FrameMovie.id`) of the image files `frames` (PNG or JPEG, in
  /// movie order; `clocks` their spacecraft clocks in seconds, for the delays) into `directory`.
  ///
  /// - Throws: ``MovieError/tooFewFrames(movie:usable:of:)`` when fewer than two frames decode at one size;
  ///   ``MovieError/unwritable(path:reason:)`` or ``MovieError/encoder(path:reason:)`` when the output cannot be
  ///   written. Nothing is left under the final name then.
  public static func make(
    id: String, frames: [String], clocks: [Double?], into directory: URL, options: Options = Options()
  ) async throws(MovieError) -> MovieResult {
    try await make(
      id: id, count: frames.count, paths: { frames[$0] },
      decode: { index throws(MovieError) in
        try FrameDecoder.decode(frames[index])
      }, delays: options.timing.delays(clocks: clocks), into: directory, options: options)
  }

  /// The same over any frame source: `decode(i)` gives frame `i` or throws `.undecodable`; it is called on several
  /// tasks at once.
  static func make(
    id: String, count: Int, paths: @escaping @Sendable (Int) -> String,
    decode: @escaping @Sendable (Int) throws(MovieError) -> MovieFrame, delays: [Int],
    into directory: URL, options: Options
  ) async throws(MovieError) -> MovieResult {
    var scan = FrameScan(count: count, paths: paths, decode: decode)
    guard let first = scan.findReference() else { throw .tooFewFrames(movie: id, usable: 0, of: count) }
    var mean: MovieDifference?
    if options.difference {
      var accumulator = MovieDifference(
        width: first.width, height: first.height, channels: first.channels, boxSize: options.boxSize)
      try await scan.pass(prepare: { _, frame in frame }) { _, frame in accumulator.add(frame) }
      mean = accumulator
    }
    var sink = try MovieSink(
      output: options.output, directory: directory, id: id, width: first.width, height: first.height,
      channels: first.channels)
    let prepare = sink.preparer
    var played = 0
    do throws(MovieError) {
      try await scan.pass(prepare: { [mean] _, frame throws(MovieError) in
        try prepare(mean?.difference(frame) ?? frame)
      }) { (index, prepared) throws(MovieError) in
        let delay = index < delays.count ? delays[index] : 10
        try sink.add(prepared, delay: delay)
        played += delay
      }
      guard sink.frames >= 2 else { throw .tooFewFrames(movie: id, usable: sink.frames, of: count) }
      try sink.finish()
    } catch {
      sink.discard()
      throw error
    }
    return MovieResult(
      path: sink.path, frames: sink.frames, skipped: scan.skipped, firstSkips: scan.firstSkips, width: first.width,
      height: first.height, playSeconds: Double(played) / 100)
  }
}
