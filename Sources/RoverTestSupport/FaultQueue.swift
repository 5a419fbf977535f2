/// Injected faults in injection order; a request takes the first one whose predicate matches and that has uses left.
struct FaultQueue {
  struct Entry {
    let fault: MockFault
    var remaining: Int
    let matches: @Sendable (TestRequest) -> Bool
  }

  private(set) var entries: [Entry] = []

  mutating func add(_ fault: MockFault, times: Int, matches: @escaping @Sendable (TestRequest) -> Bool) {
    guard times > 0 else { return }
    entries.append(Entry(fault: fault, remaining: times, matches: matches))
  }

  mutating func consume(for request: TestRequest) -> MockFault? {
    guard let index = entries.firstIndex(where: { $0.matches(request) }) else { return nil }
    let fault = entries[index].fault
    entries[index].remaining -= 1
    if entries[index].remaining == 0 {
      entries.remove(at: index)
    }
    return fault
  }
}
