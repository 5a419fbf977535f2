import Foundation

/// One thread of its own on which `TestHTTPServer` starts FlyingFox's server.
///
/// Tests create servers synchronously (`try TestHTTPServer { … }`, no `await`), but FlyingFox starts in an actor.
/// Blocking the caller until it listens is safe only if that start never needs the caller's thread pool: Swift's
/// cooperative pool has one thread per core, so two tests waiting in `init` at once would starve it and hang. Work
/// that prefers this executor runs here instead. `@unchecked Sendable`: `jobs` is only touched under `condition`.
final class ServerThread: TaskExecutor, @unchecked Sendable {
  static let shared = ServerThread()

  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []

  private init() {
    let thread = Thread { [unowned self] in run() }
    thread.name = "TestHTTPServer.start"
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.withLock {
      jobs.append(job)
      condition.signal()
    }
  }

  private func run() {
    while true {
      let job = condition.withLock {
        while jobs.isEmpty { condition.wait() }
        return jobs.removeFirst()
      }
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
