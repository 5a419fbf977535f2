import Synchronization

/// A value behind a `Mutex`.
///
/// The accept thread, every connection thread and the test itself read and write the same logs and counters. Keeping
/// each of them inside one of these makes "touched only under the lock" something the type enforces. A class around
/// the standard library's `Mutex` (which cannot be copied) so closures share it by reference; `Sendable` only for
/// `Sendable` values, checked by the compiler.
final class Locked<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: Value) {
    mutex = Mutex(value)
  }

  func withLock<Result: Sendable, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    try mutex.withLock { (value: inout sending Value) throws(Failure) -> Result in try body(&value) }
  }
}
