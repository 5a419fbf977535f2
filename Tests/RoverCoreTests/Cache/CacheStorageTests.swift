import Testing

@testable import RoverCore

@Suite struct CacheStorageTests {
  @Test func insertAndLookup() {
    var storage = CacheStorage<String, Int>()
    storage.insert(1, forKey: "a")
    #expect(storage.value(forKey: "a") == 1)
    #expect(storage.value(forKey: "b") == nil)
    storage.insert(2, forKey: "a")
    #expect(storage.value(forKey: "a") == 2)
    #expect(storage.count == 1)
  }

  @Test func countLimitEvictsLeastRecentlyUsed() {
    var storage = CacheStorage<String, Int>(countLimit: 2)
    storage.insert(1, forKey: "a")
    storage.insert(2, forKey: "b")
    _ = storage.value(forKey: "a")  // b is now the oldest
    let evicted = storage.insert(3, forKey: "c")
    #expect(evicted == ["b"])
    #expect(storage.peek("a") == 1)
    #expect(storage.peek("c") == 3)
  }

  @Test func costLimitEvictsUntilWithin() {
    var storage = CacheStorage<String, Int>(costLimit: 100)
    storage.insert(1, forKey: "a", cost: 40)
    storage.insert(2, forKey: "b", cost: 40)
    storage.insert(3, forKey: "c", cost: 40)
    #expect(storage.totalCost == 80)
    #expect(storage.peek("a") == nil)
    storage.insert(4, forKey: "b", cost: 10)  // replacing adjusts the cost
    #expect(storage.totalCost == 50)
  }

  @Test func entryLargerThanLimitIsNotKept() {
    var storage = CacheStorage<String, Int>(costLimit: 10)
    storage.insert(1, forKey: "small", cost: 5)
    let evicted = storage.insert(2, forKey: "huge", cost: 50)
    #expect(Set(evicted) == ["small", "huge"])
    #expect(storage.count == 0)
    #expect(storage.totalCost == 0)
  }

  @Test func orInsertMakesOnce() {
    var storage = CacheStorage<String, Int>()
    var made = 0
    let first = storage.value(
      forKey: "k",
      orInsert: {
        made += 1; return 7
      })
    let second = storage.value(
      forKey: "k",
      orInsert: {
        made += 1; return 8
      })
    #expect(first == 7 && second == 7 && made == 1)
  }

  @Test func conditionalRemoval() {
    var storage = CacheStorage<String, Int>()
    storage.insert(1, forKey: "k")
    let wrongValueRemoved = storage.removeValue(forKey: "k", if: { $0 == 2 })
    let rightValueRemoved = storage.removeValue(forKey: "k", if: { $0 == 1 })
    #expect(!wrongValueRemoved)
    #expect(rightValueRemoved)
    #expect(storage.count == 0)
  }
}
