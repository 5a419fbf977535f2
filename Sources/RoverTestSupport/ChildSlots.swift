import Foundation

/// How many children may run at once, shared by every test in the process.
///
/// swift-testing starts every test at once, so without a bound a CLI suite spawns a hundred `rover`s on a two-core
/// machine. They then starve the in-process servers they talk to, wait longer, and (URLSession polls while it
/// waits) burn more CPU still. Queueing them costs nothing: the machine could not run them faster anyway.
actor ChildSlots {
  static let shared = ChildSlots(limit: 2 * max(2, ProcessInfo.processInfo.activeProcessorCount))

  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(limit: Int) {
    free = limit
  }

  func acquire() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func release() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}
