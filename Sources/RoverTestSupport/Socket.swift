import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers over the POSIX socket calls the server needs.
///
/// Everything that differs between Glibc and Darwin (constant types, `MSG_NOSIGNAL`, close-on-exec) lives here so
/// the server code reads as plain logic. Every descriptor is close-on-exec: the tests also spawn processes, and a
/// child that inherited a server socket would keep connections open after `stop()`.
enum Socket {
  /// How a wait for a descriptor ended.
  enum WaitResult {
    case ready
    case woken
    case timedOut
    case failed
  }

  #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)
  #else
    private static let streamType = SOCK_STREAM
    private static let sendFlags = MSG_DONTWAIT
  #endif

  /// Opens a non-blocking listening socket on 127.0.0.1 with a port the kernel picks.
  static func makeLoopbackListener(backlog: Int32 = 512) throws(TestHTTPServerError) -> (fd: Int32, port: Int) {
    let fd = socket(AF_INET, streamType, 0)
    guard fd >= 0 else { throw .socketCall("socket", errno: errno) }
    setCloseOnExec(fd)
    var yes: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))

    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      let code = errno
      close(fd)
      throw .socketCall("bind", errno: code)
    }
    guard listen(fd, backlog) == 0 else {
      let code = errno
      close(fd)
      throw .socketCall("listen", errno: code)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard named == 0 else {
      let code = errno
      close(fd)
      throw .socketCall("getsockname", errno: code)
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// Accepts one pending connection, or returns -1 with `errno` set.
  static func accept(_ listener: Int32) -> Int32 {
    // accept4 and pipe2 are not in the Glibc module map (they need _GNU_SOURCE), hence fcntl right after.
    #if canImport(Glibc)
      let fd = Glibc.accept(listener, nil, nil)
    #else
      let fd = Darwin.accept(listener, nil, nil)
    #endif
    guard fd >= 0 else { return fd }
    setCloseOnExec(fd)
    var yes: Int32 = 1
    // Without this, a head written apart from its body waits for the client's delayed ACK (~40 ms on Linux).
    _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    #if canImport(Darwin)
      _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return fd
  }

  /// Waits until `fd` has data (or `events`), the wake descriptor fires, or the timeout passes (nil: forever).
  static func wait(
    for fd: Int32, events: Int16 = Int16(POLLIN), wake: Int32, timeout: TimeInterval? = nil
  ) -> WaitResult {
    let deadline = timeout.map { Date().addingTimeInterval($0) }
    while true {
      var descriptors = [
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        pollfd(fd: fd, events: events, revents: 0),
      ]
      let count = fd >= 0 ? 2 : 1
      let result = poll(&descriptors, nfds_t(count), milliseconds(until: deadline))
      if result < 0 {
        if errno == EINTR { continue }
        return .failed
      }
      if descriptors[0].revents != 0 { return .woken }
      if count == 2 && descriptors[1].revents != 0 {
        // POLLHUP or POLLERR still count as ready: the following recv or send reports what happened.
        return .ready
      }
      if let deadline, deadline.timeIntervalSinceNow <= 0 { return .timedOut }
    }
  }

  /// Sleeps for `interval` unless the wake descriptor fires first; false means it fired.
  static func sleep(_ interval: TimeInterval, wake: Int32) -> Bool {
    guard interval > 0 else { return true }
    return wait(for: -1, wake: wake, timeout: interval) == .timedOut
  }

  /// Reads what is available into `buffer`; false on end of stream, error or wake.
  static func receive(_ fd: Int32, into buffer: inout [UInt8], wake: Int32) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      guard wait(for: fd, wake: wake) == .ready else { return false }
      let count = recv(fd, &chunk, chunk.count, 0)
      if count > 0 {
        buffer.append(contentsOf: chunk[0..<count])
        return true
      }
      if count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { continue }
      return false
    }
  }

  /// Sends every byte unless the peer goes away or the wake descriptor fires; false means the connection is unusable.
  static func sendAll(_ fd: Int32, _ bytes: some Collection<UInt8>, wake: Int32) -> Bool {
    let data = Array(bytes)
    var offset = 0
    while offset < data.count {
      let sent = data.withUnsafeBytes { raw in
        send(fd, raw.baseAddress.map { $0 + offset }, data.count - offset, sendFlags)
      }
      if sent > 0 {
        offset += sent
        continue
      }
      if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
        guard wait(for: fd, events: Int16(POLLOUT), wake: wake) == .ready else { return false }
        continue
      }
      return false
    }
    return true
  }

  /// Sends FIN before closing, so the client reads everything already written instead of a reset.
  static func closeGracefully(_ fd: Int32) {
    _ = shutdown(fd, Int32(SHUT_WR))
    _ = close(fd)
  }

  /// A pipe whose read end becomes readable, and stays so, once `signal()` runs: every poll in the server includes it,
  /// which is how `stop()` interrupts blocked reads, writes and delays without closing descriptors under other threads.
  static func makeWakePipe() throws(TestHTTPServerError) -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw .socketCall("pipe", errno: errno) }
    setCloseOnExec(fds[0])
    setCloseOnExec(fds[1])
    return (fds[0], fds[1])
  }

  private static func setCloseOnExec(_ fd: Int32) {
    _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
  }

  private static func milliseconds(until deadline: Date?) -> Int32 {
    guard let deadline else { return -1 }
    let remaining = deadline.timeIntervalSinceNow
    guard remaining > 0 else { return 0 }
    return Int32(min(remaining * 1000 + 1, Double(Int32.max)))
  }
}
