import Foundation

/// Polls `condition` until it holds or `timeout` passes, for state another task updates (the server's counters, a
/// stopped listener). The timeout is generous because it only costs time when a test fails, and a loaded CI machine
/// can stall a task for seconds.
func eventually(timeout: TimeInterval = 30, _ condition: () -> Bool) async -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while !condition() {
    if Date() >= deadline { return false }
    try? await Task.sleep(nanoseconds: 2_000_000)
  }
  return true
}
