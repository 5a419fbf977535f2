import Foundation

/// A value behind a lock.
///
/// The accept thread, every connection thread and the test itself read and write the same logs and counters. Keeping
/// each of them inside one of these makes "touched only under the lock" something the type enforces. `Sendable` only
/// for `Sendable` values.
///
/// An `NSLock` (a pthread mutex), not the standard library's `Mutex`: on Linux `Mutex` waits on a futex directly,
/// which ThreadSanitizer cannot see, so CI's sanitizer run reported every access to a test server's log as a race.
/// `@unchecked`: `value` is only touched while `lock` is held.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result: Sendable, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
