import Foundation

/// One accepted connection: reads requests one after another (keep-alive), hands each to the handler and writes
/// the response, until the client closes, asks to close, a response forces it, or the server stops.
struct HTTPConnection {
  /// Large enough for any real client's head; larger means a broken or hostile client.
  static let maximumHeadSize = 64 * 1024

  let fd: Int32
  let id: Int
  let engine: HTTPServerEngine
  private var buffer: [UInt8] = []

  init(fd: Int32, id: Int, engine: HTTPServerEngine) {
    self.fd = fd
    self.id = id
    self.engine = engine
  }

  mutating func run() {
    while let head = readHead() {
      let parsed: HTTPRequestHead
      do {
        parsed = try HTTPRequestHead(bytes: head[...])
      } catch {
        sendError(status: error.status)
        return
      }
      guard let body = readBody(for: parsed) else { return }
      let request = TestRequest(
        method: parsed.method, target: parsed.target, headers: parsed.headers, body: body, version: parsed.version,
        connectionID: id)
      engine.state.withLock { $0.requestStarted(request) }
      let response = engine.handler(request)
      let keepOpen = write(response, for: request, keepAlive: parsed.wantsKeepAlive)
      engine.state.withLock { $0.requestFinished() }
      if !keepOpen { return }
    }
  }

  /// The bytes up to the blank line, or nil when the connection ended or sent an oversized head.
  private mutating func readHead() -> [UInt8]? {
    var searchFrom = 0
    while true {
      if let end = Self.blankLine(in: buffer, from: searchFrom) {
        let head = Array(buffer[..<end.lowerBound])
        buffer.removeFirst(end.upperBound)
        return head
      }
      if buffer.count > Self.maximumHeadSize {
        sendError(status: 431)
        return nil
      }
      searchFrom = max(0, buffer.count - 3)
      guard Socket.receive(fd, into: &buffer, wake: engine.wakeReader) else { return nil }
    }
  }

  /// Reads a `Content-Length` body. Chunked request bodies are refused: no client under test sends one.
  private mutating func readBody(for head: HTTPRequestHead) -> Data? {
    if let encoding = head.headers["transfer-encoding"], encoding.lowercased() != "identity" {
      sendError(status: 501)
      return nil
    }
    guard let lengthText = head.headers["content-length"] else { return Data() }
    guard let length = Int(lengthText), length >= 0 else {
      sendError(status: 400)
      return nil
    }
    if length > buffer.count, head.headers["expect"]?.lowercased() == "100-continue" {
      guard Socket.sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), wake: engine.wakeReader) else {
        return nil
      }
    }
    while buffer.count < length {
      guard Socket.receive(fd, into: &buffer, wake: engine.wakeReader) else { return nil }
    }
    let body = Data(buffer[..<length])
    buffer.removeFirst(length)
    return body
  }

  /// Writes `response` as it asks; returns whether the connection may serve another request.
  private func write(_ response: TestResponse, for request: TestRequest, keepAlive: Bool) -> Bool {
    let wake = engine.wakeReader
    guard Socket.sleep(response.delay, wake: wake), !response.dropConnection else { return false }
    let keepOpen = keepAlive && !response.forcesClose
    let sendsBody = request.method != "HEAD" && !response.forbidsBody
    let head = Self.head(for: response, keepOpen: keepOpen, requestVersion: request.version)
    var body = sendsBody ? response.body : Data()
    if let limit = response.truncateAfter {
      body = body.prefix(max(0, limit))
    }
    guard let pause = response.bodyChunkDelay, !body.isEmpty else {
      return Socket.sendAll(fd, Array(head.utf8) + body, wake: wake) && keepOpen
    }
    guard Socket.sendAll(fd, Array(head.utf8), wake: wake) else { return false }
    let size = max(1, response.bodyChunkSize)
    var offset = 0
    while offset < body.count {
      if offset > 0 {
        guard Socket.sleep(pause, wake: wake) else { return false }
      }
      let end = min(body.count, offset + size)
      guard Socket.sendAll(fd, body[body.startIndex + offset..<body.startIndex + end], wake: wake) else {
        return false
      }
      offset = end
    }
    return keepOpen
  }

  private static func head(for response: TestResponse, keepOpen: Bool, requestVersion: String) -> String {
    let reason = response.reasonPhrase ?? HTTPReasonPhrase.phrase(for: response.status)
    var lines = ["HTTP/1.1 \(response.status) \(reason)"]
    for field in response.headers {
      lines.append("\(field.name): \(field.value)")
    }
    if !response.omitContentLength && !response.forbidsBody && !response.headers.contains("Content-Length") {
      lines.append("Content-Length: \(response.body.count)")
    }
    if !response.headers.contains("Connection") {
      if !keepOpen {
        lines.append("Connection: close")
      } else if requestVersion == "HTTP/1.0" {
        lines.append("Connection: keep-alive")
      }
    }
    return lines.joined(separator: "\r\n") + "\r\n\r\n"
  }

  private func sendError(status: Int) {
    let response = TestResponse.text("\(HTTPReasonPhrase.phrase(for: status))\n", status: status)
    _ = Socket.sendAll(
      fd,
      Array(Self.head(for: response, keepOpen: false, requestVersion: "HTTP/1.1").utf8)
        + response.body, wake: engine.wakeReader)
  }

  private static func blankLine(in bytes: [UInt8], from start: Int) -> Range<Int>? {
    guard bytes.count >= 4 else { return nil }
    var index = start
    while index + 3 < bytes.count {
      if bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
        return index..<(index + 4)
      }
      index += 1
    }
    return nil
  }
}
