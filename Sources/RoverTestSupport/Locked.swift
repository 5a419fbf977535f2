import Foundation

/// A value behind an `NSLock`.
///
/// The accept thread, every connection thread and the test itself read and write the same logs and counters. Keeping
/// each of them inside one of these makes "touched only under the lock" something the type enforces, which is why the
/// `@unchecked Sendable` is safe: the stored value is never reachable except through `withLock`.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
