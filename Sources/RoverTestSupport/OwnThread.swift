import Foundation

/// Runs a blocking wait (a socket read, a `poll`, a `waitpid`) on a thread of its own and resumes the caller with
/// its result.
///
/// Not on `DispatchQueue.global()`: on Linux, Swift's concurrency pool *is* libdispatch's default global queue (one
/// thread a core, a few more only after a second blocked). Blocking reads parked there held the pool's threads, so
/// no test task ran and no test server's request was handled until the reads timed out 30 s later (a CI run where
/// every test finished after 31 s and three raw reads came back empty).
public enum OwnThread {
  /// Calls `body` on a new thread and returns what it returned, or throws what it threw. `body` must end by itself
  /// (a timeout of its own). Also for seconds of CPU work in a test (a debug build's image processing): held on
  /// the pool, two such tests left no thread for any other test or server at the start of a run.
  public static func run<Value: Sendable, Failure: Error>(
    _ body: @escaping @Sendable () throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: Result { () throws(Failure) in try body() }) }
    }
    return try result.get()
  }
}
