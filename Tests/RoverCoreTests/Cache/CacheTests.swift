import Testing

@testable import RoverCore

@Suite struct CacheTests {
  @Test func writesAreVisibleToLaterReads() {
    let cache = Cache<Int, String>()
    cache.insert("x", forKey: 1)
    #expect(cache.value(forKey: 1) == "x")
    cache.removeValue(forKey: 1)
    #expect(cache.value(forKey: 1) == nil)
  }

  /// Many tasks race on few keys; run under `swift test --sanitize=thread` in CI.
  @Test func hammeredFromManyTasks() async {
    let cache = Cache<Int, Int>(countLimit: 50, costLimit: 5_000)
    let makes = Locked(0)
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<64 {
        group.addTask {
          for step in 0..<500 {
            let key = (worker * 7 + step) % 80
            switch step % 5 {
            case 0: cache.insert(step, forKey: key, cost: step % 200)
            case 1: _ = cache.value(forKey: key)
            case 2:
              _ = cache.value(
                forKey: 1_000 + key % 10,
                orInsert: {
                  makes.withLock { $0 += 1 }
                  return key
                })
            case 3: cache.removeValue(forKey: key, if: { $0 == step })
            default: _ = cache.count
            }
          }
        }
      }
    }
    #expect(cache.count <= 50)
    #expect(cache.totalCost <= 5_000)
    #expect(makes.current >= 10)
  }

  @Test func orInsertIsAtomicAcrossTasks() async {
    let cache = Cache<String, Int>()
    let makes = Locked(0)
    await withTaskGroup(of: Int.self) { group in
      for _ in 0..<200 {
        group.addTask {
          cache.value(
            forKey: "shared",
            orInsert: {
              makes.withLock { $0 += 1 }
              return 42
            })
        }
      }
      for await value in group { #expect(value == 42) }
    }
    #expect(makes.current == 1)
  }
}
