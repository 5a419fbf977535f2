/// Walks a movie's frames, decoding one at a time and leaving out those that do not decode or whose size or channel
/// count differs from the reference frame's. Skips are counted on the first pass only, so a second pass (after the
/// mean) does not count them twice.
struct FrameScan {
  let count: Int
  let paths: (Int) -> String
  let decode: (Int) throws(MovieError) -> MovieFrame
  private(set) var skipped = 0
  private(set) var firstSkips: [MovieSkip] = []
  private var passes = 0

  init(count: Int, paths: @escaping (Int) -> String, decode: @escaping (Int) throws(MovieError) -> MovieFrame) {
    self.count = count
    self.paths = paths
    self.decode = decode
  }

  /// The first frame that decodes: it sets the movie's size. Its shape only is kept; the frame is decoded again in
  /// the passes.
  func reference() -> MovieFrame? {
    for index in 0..<count {
      if let frame = try? decode(index) { return frame }
    }
    return nil
  }

  /// Calls `body` with each usable frame in order.
  mutating func pass(
    like reference: MovieFrame, _ body: (Int, MovieFrame) throws(MovieError) -> Void
  ) throws(MovieError) {
    let counting = passes == 0
    passes += 1
    for index in 0..<count {
      let frame: MovieFrame
      do {
        frame = try decode(index)
      } catch {
        if counting { skip(index, .undecodable(Self.reason(error))) }
        continue
      }
      guard frame.width == reference.width, frame.height == reference.height else {
        if counting { skip(index, .size(width: frame.width, height: frame.height)) }
        continue
      }
      try body(index, frame.channels == reference.channels ? frame : frame.converted(to: reference.channels))
    }
  }

  private mutating func skip(_ index: Int, _ reason: MovieSkip.Reason) {
    skipped += 1
    let kind = { (reason: MovieSkip.Reason) in if case .size = reason { 0 } else { 1 } }
    if !firstSkips.contains(where: { kind($0.reason) == kind(reason) }) {
      firstSkips.append(MovieSkip(path: paths(index), reason: reason))
    }
  }

  static func reason(_ error: MovieError) -> String {
    if case .undecodable(_, let reason) = error { return reason }
    return "\(error)"
  }
}
