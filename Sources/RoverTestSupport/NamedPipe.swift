import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A FIFO in a scratch folder that a child process writes to or holds open, so a test waits for what the child did
/// (it started, or it and everything holding the pipe ended) instead of sleeping and then looking.
///
/// The test's end is opened at once, without blocking, before any child runs: a writer's `open` then never blocks,
/// and the pipe reports "hung up" only after a writer has come and gone (Linux keeps a FIFO quiet until then).
public final class NamedPipe: Sendable {
  /// The FIFO's path, for the child's command line (`echo > path`, `sleep 30 3> path &`).
  public let path: String
  private let descriptor: Int32

  public init() throws {
    path = try TestDirectory.make("rover-fifo").appendingPathComponent("pipe").path
    guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
    descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw CocoaError(.fileReadUnknown) }
  }

  deinit {
    close(descriptor)
  }

  /// Waits on a thread of its own (`OwnThread`), until a writer has written something or every writer has closed the pipe
  /// (exited, killed): true then, false if `seconds` pass first. The limit only guards a failing test from hanging.
  public func written(within seconds: Int32 = 120) async -> Bool {
    let descriptor = descriptor
    return await OwnThread.run {
      var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      var ready: Int32
      repeat { ready = poll(&watched, 1, seconds * 1000) } while ready < 0 && errno == EINTR
      return ready > 0
    }
  }
}
