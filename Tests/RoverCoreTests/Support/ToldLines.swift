@testable import RoverCore

/// What a callback (`onWait`, a warning sink) was told, in order, and a way to wait for its first line: a test waits
/// for the event itself instead of sleeping and hoping it happened meanwhile.
final class ToldLines<Line: Sendable>: Sendable {
  private let lines = Locked<[Line]>([])
  private let arrivals: AsyncStream<Void>
  private let arrived: AsyncStream<Void>.Continuation

  init() {
    (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
  }

  /// Records `line`; called from any thread.
  func tell(_ line: Line) {
    lines.withLock { $0.append(line) }
    arrived.yield()
  }

  /// Every line told so far.
  var current: [Line] { lines.current }

  /// Returns once the first line has been told (at once if it already was). Call it once: the arrivals are one
  /// stream with one reader.
  func first() async {
    for await _ in arrivals { return }
  }
}
