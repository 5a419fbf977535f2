import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A blocking TCP client that writes exact bytes and reads exact bytes, for wire-level assertions URLSession
/// hides: keep-alive on one socket, short bodies, hang-ups, `Connection: close`, HTTP/1.0, malformed requests.
final class RawHTTPClient {
  enum Failure: Error {
    case connect(Int32)
  }

  private let fd: Int32
  private var pending = Data()

  init(port: Int) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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
      let code = errno
      close(fd)
      throw Failure.connect(code)
    }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit {
    close(fd)
  }

  func send(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if sent <= 0 { return }
      offset += sent
    }
  }

  /// Reads until the peer closes (or 5 s pass); the bool says whether it closed.
  func readToEnd() -> (data: Data, closed: Bool) {
    var data = pending
    pending = Data()
    while true {
      guard let chunk = readChunk() else { return (data, false) }
      if chunk.isEmpty { return (data, true) }
      data.append(chunk)
    }
  }

  /// Reads exactly one response framed by `Content-Length` (none: no body), keeping any bytes after it for the
  /// next call; nil if the connection ends or times out first.
  func readResponse() -> String? {
    while true {
      if let end = pending.firstRange(of: Data("\r\n\r\n".utf8)) {
        let head = String(decoding: pending[..<end.lowerBound], as: UTF8.self)
        let length =
          head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
          .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        let total = end.upperBound - pending.startIndex + length
        if pending.count >= total {
          let response = String(decoding: pending.prefix(total), as: UTF8.self)
          pending = Data(pending.dropFirst(total))
          return response
        }
      }
      guard let chunk = readChunk(), !chunk.isEmpty else { return nil }
      pending.append(chunk)
    }
  }

  /// nil on timeout, empty on end of stream.
  private func readChunk() -> Data? {
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = recv(fd, &buffer, buffer.count, 0)
    if count < 0 { return errno == ECONNRESET ? Data() : nil }
    return Data(buffer[0..<count])
  }
}
