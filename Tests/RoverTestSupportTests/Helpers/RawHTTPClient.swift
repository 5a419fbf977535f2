import Foundation
import RoverTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A blocking TCP client that writes exact bytes and reads what comes back, for what URLSession hides: a body
/// shorter than its `Content-Length`, a hang-up without a byte, a trickle. `@unchecked Sendable`: one test uses it
/// from one task at a time.
final class RawHTTPClient: @unchecked Sendable {
  struct ConnectFailed: Error {}

  private let fd: Int32

  init(port: Int) throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let result = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      // Closed here and `self.fd` left unset, so `deinit` (which runs for a fully initialised object that throws)
      // cannot close the number again after another part of the process reused it.
      close(fd)
      throw ConnectFailed()
    }
    self.fd = fd
    // Two minutes, as the test HTTP client allows a request: a loaded machine can stall a server for seconds.
    var timeout = timeval(tv_sec: 120, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit {
    close(fd)
  }

  func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }

  /// Reads until the peer closes (or two minutes pass); the bool says whether it closed. The blocking reads run
  /// on a thread of their own (`OwnThread`), never on the concurrency pool the servers and tests share.
  func readToEnd() async -> (data: Data, closed: Bool) {
    await OwnThread.run { self.blockingReadToEnd() }
  }

  private func blockingReadToEnd() -> (data: Data, closed: Bool) {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = recv(fd, &buffer, buffer.count, 0)
      // A signal ends a read with a timeout set with EINTR even under SA_RESTART (signal(7)): read on.
      if count < 0, errno == EINTR { continue }
      if count < 0 { return (data, errno == ECONNRESET) }
      if count == 0 { return (data, true) }
      data.append(contentsOf: buffer[0..<count])
    }
  }
}
