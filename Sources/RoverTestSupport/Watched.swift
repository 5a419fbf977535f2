import Foundation

/// A value behind a lock whose changes can be awaited: a test waits for the output it expects (or the child's end)
/// to arrive, woken by the change itself, instead of sleeping and looking again.
final class Watched<Value: Sendable>: Sendable {
  private struct Inner: Sendable {
    var value: Value
    /// Counts the changes, so a waiter that read the value can tell whether it changed since.
    var version = 0
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var nextWaiter = 0
  }

  private let inner: Locked<Inner>

  init(_ value: Value) {
    inner = Locked(Inner(value: value))
  }

  /// The value now, and its version for `changed(since:before:)`.
  var snapshot: (value: Value, version: Int) {
    inner.withLock { ($0.value, $0.version) }
  }

  /// Changes the value under the lock, then wakes every waiter.
  func update(_ body: (inout Value) -> Void) {
    let woken = inner.withLock { inner in
      body(&inner.value)
      inner.version += 1
      defer { inner.waiters.removeAll() }
      return Array(inner.waiters.values)
    }
    for waiter in woken { waiter.resume() }
  }

  /// Returns once the value has changed after `version` (at once if it already has), `deadline` has passed, or the
  /// task is cancelled. The deadline is only a bound on a wait that is failing: changes wake the waiter.
  func changed(since version: Int, before deadline: Date?) async {
    let id = inner.withLock { inner in
      defer { inner.nextWaiter += 1 }
      return inner.nextWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let waiting = inner.withLock { inner in
          guard inner.version == version else { return false }
          inner.waiters[id] = continuation
          return true
        }
        guard waiting else { return continuation.resume() }
        // Cancelled before the waiter was registered: the handler found nothing to wake.
        if Task.isCancelled { wake(id) }
        if let deadline {
          DispatchQueue.global().asyncAfter(wallDeadline: .now() + max(0, deadline.timeIntervalSinceNow)) {
            self.wake(id)
          }
        }
      }
    } onCancel: {
      wake(id)
    }
  }

  private func wake(_ id: Int) {
    inner.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
  }
}
