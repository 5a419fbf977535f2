import Foundation

/// A thread of its own for each `TestHTTPServer`, on which FlyingFox's server starts: it binds and listens here.
///
/// Tests create servers synchronously (`try TestHTTPServer { … }`, no `await`), but FlyingFox starts in an actor.
/// Blocking the caller until it listens is safe only if that start never needs the caller's thread pool: Swift's
/// cooperative pool has one thread per core, so two tests waiting in `init` at once would starve it and hang.
///
/// Only the start: FlyingFox then serves from an unstructured `Task`, which does not inherit an executor
/// preference, so accepting and answering run on the shared pool. A test must therefore never block a pool thread
/// while it waits for a server (on Linux `DispatchQueue.global()` is that pool too): blocking waits go through
/// `OwnThread`.
/// `@unchecked Sendable`: `jobs` and `finished` are only touched under `condition`.
final class ServerThread: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var finished = false

  init() {
    let thread = Thread { [self] in run() }
    thread.name = "TestHTTPServer"
    thread.start()
  }

  /// Ends the thread once the jobs queued so far have run.
  func finish() {
    condition.withLock {
      finished = true
      condition.signal()
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let queued = condition.withLock {
      guard !finished else { return false }
      jobs.append(job)
      condition.signal()
      return true
    }
    // A job for a server already stopped (a connection winding down) still runs, on a global queue.
    if !queued {
      let executor = asUnownedTaskExecutor()
      DispatchQueue.global().async { job.runSynchronously(on: executor) }
    }
  }

  private func run() {
    while true {
      let job = condition.withLock { () -> UnownedJob? in
        while jobs.isEmpty && !finished { condition.wait() }
        return jobs.isEmpty ? nil : jobs.removeFirst()
      }
      guard let job else { return }
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
