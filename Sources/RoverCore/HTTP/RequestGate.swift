import Foundation

/// At most `width` requests of one service at once, whatever the task groups above ask for: NASA's Perseverance
/// feed has answered 403 to concurrent index requests, so the raw feeds' client sends its index requests one at a
/// time. A permit is held across a request's retries and their back-off, so a feed that pushed back hears nothing
/// more from us until the wait is over. Waiters are served in arrival order; a cancelled waiter leaves the queue.
///
/// The state lives behind `Locked`; continuations are resumed outside it.
package final class RequestGate: Sendable {
  private struct State {
    var available: Int
    var waiters: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    /// Waiters cancelled before they queued: the handler ran first, and their continuation must not wait.
    var cancelledEarly: Set<Int> = []
    var nextID = 0
  }

  private let state: Locked<State>

  /// A gate letting `width` (at least 1) requests through at once.
  package init(width: Int) {
    state = Locked(State(available: max(1, width)))
  }

  /// Runs `body` holding a permit, waiting for one first.
  /// - Throws: `CancellationError` when cancelled while waiting, or what `body` throws.
  package func withPermit<Result>(_ body: () async throws -> Result) async throws -> Result {
    try await acquire()
    defer { release() }
    return try await body()
  }

  private func acquire() async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let outcome = state.withLock { state -> Bool? in
          if state.cancelledEarly.remove(id) != nil { return false }
          if state.available > 0 {
            state.available -= 1
            return true
          }
          state.waiters.append((id, continuation))
          return nil
        }
        switch outcome {
        case true?: continuation.resume()
        case false?: continuation.resume(throwing: CancellationError())
        case nil: break
        }
      }
    } onCancel: {
      let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
          state.cancelledEarly.insert(id)
          return nil
        }
        return state.waiters.remove(at: index).continuation
      }
      waiter?.resume(throwing: CancellationError())
    }
    // A permit granted after the handler ran (and found nothing queued) leaves a stale mark behind.
    state.withLock { _ = $0.cancelledEarly.remove(id) }
  }

  private func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
      guard !state.waiters.isEmpty else {
        state.available += 1
        return nil
      }
      return state.waiters.removeFirst().continuation
    }
    next?.resume()
  }
}
