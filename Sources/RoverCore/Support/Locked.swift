import Foundation

/// A value behind a lock, for the few small pieces of shared state (counters, once-flags) that do not warrant a
/// queue or an actor.
package final class Locked<Value>: @unchecked Sendable {
  // Safe because `value` is only read or written while `lock` is held.
  private var value: Value
  private let lock = NSLock()

  package init(_ value: Value) { self.value = value }

  @discardableResult
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

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
