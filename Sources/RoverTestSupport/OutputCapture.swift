import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Drains one pipe on its own thread into a buffer that can be read while the child runs.
///
/// One thread per stream is what keeps a child that fills stderr from blocking forever while the parent waits on
/// stdout. Polling with a short timeout lets `abandon()` stop the thread when a grandchild keeps the pipe open.
final class OutputCapture: Sendable {
  private struct State {
    var data = Data()
    var finished = false
    var abandoned = false
  }

  private let state = Locked(State())

  init(fd: Int32, name: String) {
    let thread = Thread { [state] in Self.drain(fd: fd, into: state) }
    thread.name = name
    thread.start()
  }

  var data: Data {
    state.withLock { $0.data }
  }

  /// True once the pipe reached end of file (every writer closed it) or the capture was abandoned.
  var isFinished: Bool {
    state.withLock { $0.finished }
  }

  /// Stops reading soon even though the pipe is still open.
  func abandon() {
    state.withLock { $0.abandoned = true }
  }

  private static func drain(fd: Int32, into state: Locked<State>) {
    defer {
      close(fd)
      state.withLock { $0.finished = true }
    }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      if state.withLock({ $0.abandoned }) { return }
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, 50)
      if ready < 0 && errno != EINTR { return }
      guard ready > 0 else { continue }
      let count = read(fd, &chunk, chunk.count)
      if count > 0 {
        state.withLock { $0.data.append(contentsOf: chunk[0..<count]) }
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        return
      }
    }
  }
}
