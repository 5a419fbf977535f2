/// The rules of `Cache` without any locking: lookup, insertion, cost accounting and least-recently-used eviction.
/// A plain value type so the rules can be tested without threads.
package struct CacheStorage<Key: Hashable, Value> {
  struct Entry {
    var value: Value
    var cost: Int
    var lastUse: UInt64
  }

  package let countLimit: Int?
  package let costLimit: Int?
  private var entries: [Key: Entry] = [:]
  private var clock: UInt64 = 0
  /// Every use in order, oldest first from `recencyHead`; a record is stale when its entry was used again since.
  /// Eviction pops from the front, so it costs O(1) amortised instead of a scan of every entry (a download run
  /// evicts once per photo). Rebuilt from `entries` when stale records outnumber live ones.
  private var recency: [(clock: UInt64, key: Key)] = []
  private var recencyHead = 0
  package private(set) var totalCost = 0

  package init(countLimit: Int? = nil, costLimit: Int? = nil) {
    self.countLimit = countLimit.map { max(0, $0) }
    self.costLimit = costLimit.map { max(0, $0) }
  }

  package var count: Int { entries.count }

  /// The value, marked as just used.
  package mutating func value(forKey key: Key) -> Value? {
    guard var entry = entries[key] else { return nil }
    clock += 1
    entry.lastUse = clock
    entries[key] = entry
    noteUse(of: key)
    return entry.value
  }

  /// Looks without touching recency, for inspection.
  package func peek(_ key: Key) -> Value? { entries[key]?.value }

  /// Inserts or replaces, then evicts least recently used entries until within limits; returns the evicted keys.
  @discardableResult
  package mutating func insert(_ value: Value, forKey key: Key, cost: Int = 0) -> [Key] {
    clock += 1
    if let old = entries[key] { totalCost -= old.cost }
    entries[key] = Entry(value: value, cost: max(0, cost), lastUse: clock)
    totalCost += max(0, cost)
    noteUse(of: key)
    return evict(keeping: key)
  }

  /// Returns the cached value, or makes, stores and returns a new one: one step, so two callers cannot both make it.
  package mutating func value(forKey key: Key, orInsert make: () throws -> Value, cost: Int = 0) rethrows -> Value {
    if let existing = value(forKey: key) { return existing }
    let made = try make()
    insert(made, forKey: key, cost: cost)
    return made
  }

  @discardableResult
  package mutating func removeValue(forKey key: Key) -> Value? {
    guard let entry = entries.removeValue(forKey: key) else { return nil }
    totalCost -= entry.cost
    return entry.value
  }

  /// Removes the entry only if `predicate` holds for it, e.g. "still the task I stored".
  @discardableResult
  package mutating func removeValue(forKey key: Key, if predicate: (Value) -> Bool) -> Bool {
    guard let entry = entries[key], predicate(entry.value) else { return false }
    removeValue(forKey: key)
    return true
  }

  package func forEachValue(_ body: (Value) -> Void) {
    for entry in entries.values { body(entry.value) }
  }

  package mutating func removeAll() {
    entries.removeAll()
    recency.removeAll()
    recencyHead = 0
    totalCost = 0
  }

  private mutating func noteUse(of key: Key) {
    recency.append((clock, key))
    if recency.count - recencyHead > 2 * entries.count + 32 || recencyHead > entries.count + 32 {
      recency = entries.map { ($0.value.lastUse, $0.key) }.sorted { $0.0 < $1.0 }
      recencyHead = 0
    }
  }

  /// Evicts oldest-first, popping the recency queue and skipping records of entries used again since.
  private mutating func evict(keeping newest: Key) -> [Key] {
    var evicted: [Key] = []
    while isOverLimit, entries.count > 1 || entries[newest] == nil, recencyHead < recency.count {
      let (used, key) = recency[recencyHead]
      recencyHead += 1
      guard key != newest, let entry = entries[key], entry.lastUse == used else { continue }
      removeValue(forKey: key)
      evicted.append(key)
    }
    // A single entry larger than the whole cost limit is not kept.
    if isOverLimit, entries.count == 1, removeValue(forKey: newest) != nil { evicted.append(newest) }
    return evicted
  }

  private var isOverLimit: Bool {
    if let countLimit, entries.count > countLimit { return true }
    if let costLimit, totalCost > costLimit { return true }
    return false
  }
}
