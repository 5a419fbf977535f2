import Foundation
import RoverCore

/// Walks a movie's frames in order, decoding and preparing several at once on tasks, and leaving out those that do
/// not decode or whose size differs from the reference frame's. Skips are counted on the first pass only, so a
/// second pass (after the mean) does not count them twice.
///
/// Why tasks: decoding a frame and encoding it (giflib's LZW) are the whole cost of a movie and each frame's work
/// stands alone, so the next frames are decoded and encoded while the current one is written. At most
/// ``framesInFlight`` frames are in flight, so memory is a few frames whatever the movie's length.
struct FrameScan {
  /// Frames being decoded or prepared at once, or done and waiting for their turn: one a core, two to four.
  static let framesInFlight = min(4, max(2, ProcessInfo.processInfo.activeProcessorCount))

  /// What became of one frame on its task.
  private enum Outcome<Prepared: Sendable>: Sendable {
    case usable(Int, Prepared)
    case skipped(Int, MovieSkip.Reason)
    case failed(MovieError)
  }

  let count: Int
  let paths: @Sendable (Int) -> String
  let decode: @Sendable (Int) throws(MovieError) -> MovieFrame
  private(set) var skipped = 0
  private(set) var firstSkips: [MovieSkip] = []
  private var passes = 0
  /// The first frame that decodes, and its index: it sets the movie's size, and is used again rather than decoded
  /// a second time.
  private var reference: (index: Int, frame: MovieFrame)?

  init(
    count: Int, paths: @escaping @Sendable (Int) -> String,
    decode: @escaping @Sendable (Int) throws(MovieError) -> MovieFrame
  ) {
    self.count = count
    self.paths = paths
    self.decode = decode
  }

  /// Finds the reference frame (decoding frames in order until one decodes); nil when none does.
  mutating func findReference() -> MovieFrame? {
    for index in 0..<count {
      if let frame = try? decode(index) {
        reference = (index, frame)
        return frame
      }
    }
    return nil
  }

  /// Calls `prepare` with each usable frame on a task (several at once), then `body` with what it made, in frame
  /// order on the caller's task. Stops at the first error either throws.
  ///
  /// - Throws: what `prepare` or `body` threw.
  mutating func pass<Prepared: Sendable>(
    prepare: @escaping @Sendable (Int, MovieFrame) throws(MovieError) -> Prepared,
    _ body: (Int, Prepared) throws(MovieError) -> Void
  ) async throws(MovieError) {
    guard let reference else { return }
    let counting = passes == 0
    passes += 1
    let decode = self.decode
    let work: @Sendable (Int) async -> Outcome<Prepared> = { index in
      let frame: MovieFrame
      do throws(MovieError) {
        frame = index == reference.index ? reference.frame : try decode(index)
      } catch {
        return .skipped(index, .undecodable(Self.reason(error)))
      }
      guard frame.width == reference.frame.width, frame.height == reference.frame.height else {
        return .skipped(index, .size(width: frame.width, height: frame.height))
      }
      let channels = reference.frame.channels
      do throws(MovieError) {
        return .usable(index, try prepare(index, frame.channels == channels ? frame : frame.converted(to: channels)))
      } catch {
        return .failed(error)
      }
    }
    var failure: MovieError?
    do {
      try await BoundedConcurrency.ordered(Array(0..<count), width: Self.framesInFlight, work) { outcome in
        switch outcome {
        case .usable(let index, let prepared):
          do throws(MovieError) { try body(index, prepared) } catch {
            failure = error
            return false
          }
        case .skipped(let index, let reason):
          if counting { skip(index, reason) }
        case .failed(let error):
          failure = error
          return false
        }
        return true
      }
    } catch {
      // The work and the body hand their errors over in `failure` and never throw; the helper's throws is untyped.
      failure = failure ?? .encoder(path: paths(reference.index), reason: String(describing: error))
    }
    if let failure { throw failure }
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
