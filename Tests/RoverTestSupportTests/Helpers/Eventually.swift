import Foundation

/// Polls `condition` until it holds or `timeout` passes, for server bookkeeping that finishes just after the client
/// already has its response (the server counts a request done only once its last byte was sent).
func eventually(timeout: TimeInterval = 5, _ condition: () -> Bool) async -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while !condition() {
    if Date() >= deadline { return false }
    try? await Task.sleep(nanoseconds: 2_000_000)
  }
  return true
}
