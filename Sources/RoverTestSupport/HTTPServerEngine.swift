import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sockets and threads behind a `TestHTTPServer`.
///
/// It is a separate object so that the accept and connection threads can hold it strongly while the public server
/// stays free to be released: the server's `deinit` then stops this engine. `@unchecked Sendable` is safe because
/// its stored properties are immutable after `init` except `state`, which is `Locked`.
final class HTTPServerEngine: @unchecked Sendable {
  let port: Int
  let handler: @Sendable (TestRequest) -> TestResponse
  let state = Locked(ServerState())
  let wakeReader: Int32
  private let wakeWriter: Int32
  private let listener: Int32
  private let acceptLoopFinished = DispatchSemaphore(value: 0)

  init(handler: @escaping @Sendable (TestRequest) -> TestResponse) throws(TestHTTPServerError) {
    (listener, port) = try Socket.makeLoopbackListener()
    do {
      (wakeReader, wakeWriter) = try Socket.makeWakePipe()
    } catch {
      close(listener)
      throw error
    }
    self.handler = handler
  }

  deinit {
    close(wakeReader)
    close(wakeWriter)
  }

  func start() {
    let thread = Thread { [self] in acceptLoop() }
    thread.name = "TestHTTPServer.accept.\(port)"
    thread.start()
  }

  /// Closes the listener, wakes every connection so it closes, and waits (up to `timeout`) until they have.
  func stop(timeout: TimeInterval = 5) {
    let wasStopped = state.withLock { state in
      defer { state.stopped = true }
      return state.stopped
    }
    if !wasStopped {
      var byte: UInt8 = 1
      _ = write(wakeWriter, &byte, 1)
    }
    acceptLoopFinished.wait()
    acceptLoopFinished.signal()
    let me = ObjectIdentifier(Thread.current)
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let others = state.withLock { $0.openConnections.values.filter { $0 != me }.count }
      if others == 0 { return }
      usleep(1_000)
    }
  }

  private func acceptLoop() {
    defer {
      close(listener)
      acceptLoopFinished.signal()
    }
    while Socket.wait(for: listener, wake: wakeReader) == .ready {
      let fd = Socket.accept(listener)
      if fd < 0 {
        // EAGAIN: another wake-up took it; EMFILE and friends: back off rather than spin.
        if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR && errno != ECONNABORTED {
          usleep(10_000)
        }
        continue
      }
      let id: Int? = state.withLock { state in
        guard !state.stopped else { return nil }
        defer { state.nextConnectionID += 1 }
        state.totalConnections += 1
        return state.nextConnectionID
      }
      guard let id else {
        close(fd)
        return
      }
      // A thread per connection keeps a handler's blocking sleep or a delayed response from holding up others;
      // the global dispatch pool would cap how many can block at once.
      let thread = Thread { [self] in serve(fd: fd, id: id) }
      thread.name = "TestHTTPServer.connection.\(id)"
      thread.stackSize = 512 * 1024
      // Registered before the thread runs, so `activeConnections` counts it as soon as `accept` returned.
      state.withLock { $0.openConnections[id] = ObjectIdentifier(thread) }
      thread.start()
    }
  }

  private func serve(fd: Int32, id: Int) {
    var connection = HTTPConnection(fd: fd, id: id, engine: self)
    connection.run()
    Socket.closeGracefully(fd)
    state.withLock { _ = $0.openConnections.removeValue(forKey: id) }
  }
}
