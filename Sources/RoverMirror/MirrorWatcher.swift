import Foundation
import RoverCore

/// `watch`'s loop: poll, report what is new, act on what is owed (``download``, ``command``), then wait the
/// interval; after a failed poll, wait longer each time (``MissionWatch/backoff(failures:interval:retryAfter:)``).
/// Every wait goes through ``clock``, so a test drives the loop without sleeping. It stops cleanly when its task is
/// cancelled (Ctrl-C); what happens on the way reaches the caller as ``Event``s, which the command words.
package struct MirrorWatcher: Sendable {
  /// Downloads photos; whether any failed, and the full path of each of the others (for `{path}`).
  package typealias Download = @Sendable ([Photo]) async throws -> (failed: Bool, paths: [PhotoID: String])

  package var watch: MissionWatch
  /// What was reported and what is still owed; shared with the caller, which opened (and locked) it.
  package let state: WatchState
  /// Seconds between polls.
  package var interval: TimeInterval
  /// Poll once and return (for cron): a failed poll is thrown, not retried.
  package var once = false
  /// Positions looked up once a run; photos outside its area are remembered as seen, never reported nor acted on.
  package var placement: PhotoPlacement?
  package var download: Download?
  package var command: ExecCommand?
  /// Errors that end the watch rather than being retried after a back-off (the command's own exits).
  package var isFinal: @Sendable (any Error) -> Bool = { _ in false }
  package var clock: any Clock<Duration> = ContinuousClock()

  package init(watch: MissionWatch, state: WatchState, interval: TimeInterval) {
    self.watch = watch
    self.state = state
    self.interval = interval
  }

  /// Polls until the task is cancelled, or once with ``once``. `events` is called on the caller's task, one event
  /// at a time.
  /// - Returns: whether a download or `--exec` failed on the last poll (what `--once` exits with).
  /// - Throws: with ``once``, the poll's error; an error ``isFinal`` picks; `WatchState`'s `DownloadError.io` and
  ///   what `events` throws only with ``once`` or when ``isFinal`` picks them (otherwise they are retried too).
  package func run(events: (Event) async throws -> Void) async throws -> Bool {
    var failures = 0
    // Older versions already said: each is said once, though every poll lists the look-back window again.
    var leftOut: Set<String> = []
    while !Task.isCancelled {
      var wait = interval
      do {
        let said = leftOut.count
        // What earlier polls still owe first (failed, or cut short by a stop); then this poll's, part by part.
        var failed = false
        if download != nil || command != nil {
          try await state.forEachPendingWindow { owed in failed = try await act(on: owed, events: events) || failed }
        }
        try await watch.poll(state, leftOut: &leftOut) { new in
          failed = try await handOn(new, events: events) || failed
        }
        failures = 0
        try await events(.olderVersionsLeftOut(leftOut.count - said))
        if once { return failed }
      } catch is CancellationError {
        break
      } catch let error where isFinal(error) {
        throw error
      } catch {
        if Task.isCancelled { break }
        if once { throw error }
        failures += 1
        var retryAfter: TimeInterval?
        if case ServiceError.rateLimited(let seconds?, _) = error { retryAfter = TimeInterval(seconds) }
        wait = MissionWatch.backoff(failures: failures, interval: interval, retryAfter: retryAfter)
        try await events(.pollFailed(error, retryIn: .seconds(wait)))
      }
      do { try await clock.sleep(for: .seconds(wait)) } catch { break }
    }
    return false
  }

  /// Reports a part of a poll's new photos (those within the area), remembers each as seen, and acts on those
  /// within the area. True when an action failed.
  private func handOn(_ polled: [Photo], events: (Event) async throws -> Void) async throws -> Bool {
    // Positions looked up once a run; photos outside --near are seen, never printed nor acted on.
    let new = try await placement?.apply(polled) ?? polled
    try await events(.found(new))
    let acts = download != nil || command != nil
    let kept = Set(new.map(\.id))
    try state.markSeen(polled.filter { !kept.contains($0.id) }, pending: false)
    try state.markSeen(new, pending: acts)
    return try await act(on: acts ? new : [], events: events)
  }
}
