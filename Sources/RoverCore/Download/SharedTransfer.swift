/// One image transfer that several photos wait for. The photo that started it runs it in its own task; the others
/// wait here. A `Task` per transfer would cost two more hand-offs between threads per photo, the most expensive
/// thing a small image does after its system calls. Once finished it keeps only its outcome (where the bytes
/// landed), so the downloader's bounded cache can keep finished transfers for photos listed later.
final class SharedTransfer: Sendable {
  typealias Value = Downloader.Saved

  /// The image URL: the downloader keys its transfers by a 64-bit hash of it, and shares one only when this matches.
  let url: String

  init(url: String) {
    self.url = url
  }

  private enum State {
    case waiting([CheckedContinuation<Value, any Error>])
    case done(Result<Value, any Error>)
  }

  private let state = Locked(State.waiting([]))

  /// The transfer's outcome, once its runner hands it over. Waiting is not cancellable: a waiter leaving would not
  /// stop the transfer, and cancelling the run cancels the runner, which then hands over its cancellation.
  var value: Value {
    get async throws {
      try await withCheckedThrowingContinuation { continuation in
        let done = state.withLock { state -> Result<Value, any Error>? in
          switch state {
          case .done(let result): return result
          case .waiting(var waiters):
            waiters.append(continuation)
            state = .waiting(waiters)
            return nil
          }
        }
        if let done { continuation.resume(with: done) }
      }
    }
  }

  /// Hands the outcome to every waiter, now and later; only the first call counts.
  func finish(_ result: Result<Value, any Error>) {
    let waiters = state.withLock { state -> [CheckedContinuation<Value, any Error>] in
      guard case .waiting(let waiters) = state else { return [] }
      state = .done(result)
      return waiters
    }
    for waiter in waiters { waiter.resume(with: result) }
  }
}
