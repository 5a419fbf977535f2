import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Holds a task for a cancellation handler that may run before or after the task exists. Never `task.cancel()`
/// from a cancellation handler on Linux: corelibs calls it with the task's status lock held, and `cancel()` waits
/// for the session's queue, which may be resuming this very task: a hang (seen when a task group cancelled a
/// sibling request).
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
    cancelling.async { task.cancel() }
  }

  /// One thread for every cancellation: `cancel()` waits for its session's work queue, and dozens of timers
  /// expiring at once on the global queue each held a dispatch worker waiting there until none was left to run the
  /// work queue itself (a hang seen in 2 of 4 full test runs over URLSession).
  private static let cancelling = DispatchQueue(label: "rover.urlsession.cancel")
}
