import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSession {
  /// `data(for:)` without its cancellation deadlock on Linux: corelibs' own cancel handler calls `task.cancel()`
  /// synchronously while the task's status lock is held, and `cancel()` waits for the session's queue, which may
  /// be resuming this very task and waiting for that lock. Seen as a hang when a task group cancelled a sibling.
  func cancellableData(for request: URLRequest) async throws -> (Data, URLResponse) {
    let box = TaskBox()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = dataTask(with: request) { data, response, error in
          if let error {
            continuation.resume(throwing: error)
          } else if let response {
            continuation.resume(returning: (data ?? Data(), response))
          } else {
            continuation.resume(throwing: URLError(.badServerResponse))
          }
        }
        box.set(task)
        task.resume()
      }
    } onCancel: {
      box.cancelLater()
    }
  }
}

/// Holds a task for a cancellation handler that may run before or after the task exists.
final class TaskBox: @unchecked Sendable {
  // @unchecked: both fields are only touched under `lock`.
  private let lock = NSLock()
  private var task: URLSessionTask?
  private var cancelled = false

  func set(_ task: URLSessionTask) {
    let cancelNow = lock.withLock {
      self.task = task
      return cancelled
    }
    if cancelNow { TaskBox.cancelAsynchronously(task) }
  }

  func cancelLater() {
    let task = lock.withLock {
      cancelled = true
      return self.task
    }
    if let task { TaskBox.cancelAsynchronously(task) }
  }

  /// Off the cancelling thread, so the caller's task lock is released before `cancel()` waits for the session.
  static func cancelAsynchronously(_ task: URLSessionTask) {
    DispatchQueue.global().async { task.cancel() }
  }
}
