import Foundation

/// A value behind a lock, for the few small pieces of shared state (counters, once-flags) that do not warrant a
/// queue or an actor.
public final class Locked<Value>: @unchecked Sendable {
  // Safe because `value` is only read or written while `lock` is held.
  private var value: Value
  private let lock = NSLock()

  public init(_ value: Value) { self.value = value }

  @discardableResult
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  public var current: Value { withLock { $0 } }
}
