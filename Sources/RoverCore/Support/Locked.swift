import Synchronization

/// A value behind a `Mutex`, for the few small pieces of shared state (counters, once-flags) that do not warrant a
/// queue or an actor.
///
/// A class around the standard library's `Mutex`, which cannot be copied: closures and several owners share this
/// box by reference. It is `Sendable` only when its value is, so nothing that is unsafe to share crosses a thread
/// by hiding behind a lock (checked by the compiler, no `@unchecked`).
package final class Locked<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  package init(_ value: Value) { mutex = Mutex(value) }

  /// Runs `body` with the value, holding the lock; `body` must not block or call back into this box.
  @discardableResult
  package func withLock<Result: Sendable, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try mutex.withLock { (value: inout sending Value) throws(Failure) -> Result in
      // What the futex orders, said to ThreadSanitizer, which cannot see it (`ThreadSanitizer`).
      ThreadSanitizer.acquire(self)
      defer { ThreadSanitizer.release(self) }
      return try body(&value)
    }
  }

  /// A copy of the value as it is now.
  package var current: Value { withLock { $0 } }
}

extension Locked where Value == Bool {
  /// A once-flag: true for the first caller only (a warning said once a run, a header written once).
  package func isFirst() -> Bool {
    withLock { done in
      defer { done = true }
      return !done
    }
  }
}
