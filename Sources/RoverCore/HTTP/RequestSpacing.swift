import Foundation

/// A quiet pause between the requests sent to the services (`--sleep`), over every task and service sharing this
/// value: requests go one at a time, each at least `seconds` after the previous one's answer (or failure), so a
/// service sees a gap of that length between answering and being asked again, however many sols or pages a
/// listing has going and however slow the network. A start-to-start schedule would let a delayed request arrive
/// right behind the next one. Images are not spaced: they go through the downloader's own client.
package final class RequestSpacing: Sendable {
  /// The longest pause accepted, in seconds: a longer one is clamped to it, so no sum overflows the clock.
  package static let maxSeconds: TimeInterval = 3600

  /// Seconds between an answer and the next request, 0…``maxSeconds``.
  package let seconds: TimeInterval
  private let gate = RequestGate(width: 1)
  /// The uptime, in nanoseconds, at which the last request ended; nil before the first.
  private let lastEnd = Locked<UInt64?>(nil)

  /// Spacing of `seconds`; a negative or non-finite value is taken as 0, one above ``maxSeconds`` as that.
  package init(seconds: TimeInterval) {
    self.seconds = seconds.isFinite ? min(max(0, seconds), Self.maxSeconds) : 0
  }

  /// Runs one request (`send`) once the previous one has ended and the pause has passed.
  /// - Throws: `CancellationError` when cancelled while waiting, or what `send` throws.
  package func spaced<Result>(_ send: () async throws -> Result) async throws -> Result {
    try await gate.withPermit {
      if let end = lastEnd.current {
        let due = end + UInt64(seconds * 1_000_000_000)
        let now = DispatchTime.now().uptimeNanoseconds
        if due > now { try await Task.sleep(nanoseconds: due - now) }
      }
      defer { lastEnd.withLock { $0 = DispatchTime.now().uptimeNanoseconds } }
      return try await send()
    }
  }
}
