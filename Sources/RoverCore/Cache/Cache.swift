import Dispatch

/// A thread-safe cache with optional count and cost limits and least-recently-used eviction.
///
/// Every access goes through one private serial queue, with `sync`: compound operations are atomic, and a write
/// costs no thread. An `async` write would wake a worker thread for every insertion, which a download run makes
/// once per photo.
public final class Cache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
  // @unchecked is safe: `storage` is only touched inside blocks run on `queue`, which is serial.
  private var storage: CacheStorage<Key, Value>
  private let queue: DispatchQueue

  /// An empty cache.
  /// - Parameters:
  ///   - countLimit: the most entries kept; nil: no limit. Past it, the least recently used entries go first.
  ///   - costLimit: the most total cost kept, in the caller's unit (bytes, usually); nil: no limit.
  ///   - label: the serial queue's name, as debuggers and crash reports show it.
  public init(countLimit: Int? = nil, costLimit: Int? = nil, label: String = "rover.cache") {
    storage = CacheStorage(countLimit: countLimit, costLimit: costLimit)
    queue = DispatchQueue(label: label)
  }

  /// The value for `key`, marked as recently used; nil when absent or evicted.
  public func value(forKey key: Key) -> Value? {
    queue.sync { storage.value(forKey: key) }
  }

  /// Stores `value` under `key`, replacing any value there, then evicts least recently used entries until the
  /// limits hold. To make a value only when none is cached, use ``value(forKey:orInsert:cost:)``: a lookup
  /// followed by an insert races with other callers.
  /// - Parameters:
  ///   - value: what to keep.
  ///   - key: what to find it by.
  ///   - cost: what the entry counts against the cost limit, in the caller's unit.
  public func insert(_ value: Value, forKey key: Key, cost: Int = 0) {
    queue.sync { _ = storage.insert(value, forKey: key, cost: cost) }
  }

  /// The cached value or a new one made by `make`, atomically: concurrent callers for one key share one value.
  public func value(forKey key: Key, orInsert make: () throws -> Value, cost: Int = 0) rethrows -> Value {
    try queue.sync { try storage.value(forKey: key, orInsert: make, cost: cost) }
  }

  /// Removes the entry for `key`, if any.
  public func removeValue(forKey key: Key) {
    queue.sync { _ = storage.removeValue(forKey: key) }
  }

  /// Removes the entry only if it still satisfies `predicate`; atomic, so it cannot remove a newer replacement.
  @discardableResult
  public func removeValue(forKey key: Key, if predicate: (Value) -> Bool) -> Bool {
    queue.sync { storage.removeValue(forKey: key, if: predicate) }
  }

  /// Removes every entry.
  public func removeAll() {
    queue.sync { storage.removeAll() }
  }

  /// Visits every value on the queue; `body` must not call back into this cache.
  public func forEachValue(_ body: (Value) -> Void) {
    queue.sync { storage.forEachValue(body) }
  }

  /// The number of entries now.
  public var count: Int { queue.sync { storage.count } }
  /// The sum of the entries' costs now, in the caller's unit.
  public var totalCost: Int { queue.sync { storage.totalCost } }
}
