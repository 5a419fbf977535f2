import Foundation
import Testing

@testable import RoverTestSupport

/// Blocking waits that hold none of the concurrency pool's threads: more of them than the pool has threads are
/// parked at once, and the pool still runs the task that releases them.
@Suite struct OwnThreadTests {
  @Test func moreWaitsThanThePoolHasThreadsAllRunAtOnce() async {
    let count = ProcessInfo.processInfo.activeProcessorCount * 4
    let started = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<count {
        group.addTask {
          await OwnThread.run {
            started.signal()
            return gate.wait(timeout: .now() + 120) == .success
          }
        }
      }
      // Every wait is parked before the gate opens: on a shared pool the later ones could not even begin.
      let allStarted = await OwnThread.run {
        (0..<count).allSatisfy { _ in started.wait(timeout: .now() + 60) == .success }
      }
      #expect(allStarted)
      // This task runs on the pool while every wait is parked.
      let opened = await Task.detached {
        for _ in 0..<count { gate.signal() }
        return true
      }.value
      #expect(opened)
      for await released in group { #expect(released) }
    }
  }
}
