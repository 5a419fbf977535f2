import Foundation
import Testing

@testable import RoverTestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Each fault the tests rely on, seen where it matters: on the wire, or by URLSession as a client meets it.
@Suite("TestHTTPServer")
struct TestHTTPServerTests {
  @Test("answers on 127.0.0.1 and logs what the client sent")
  func servesAndLogs() async throws {
    let server = try TestHTTPServer { request in .text("hello \(request.path)") }
    defer { server.stop() }
    #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
    let result = try await HTTPClient.get(server.url("/a%20b?sol=1000&camera=FHAZ"), headers: ["X-API-Key": "k"])
    #expect(result.status == 200)
    #expect(result.text == "hello /a b")
    #expect(result.header("Content-Type") == "text/plain; charset=utf-8")
    let request = try #require(server.requests.first)
    #expect(request.query("sol") == "1000" && request.query("camera") == "FHAZ")
    #expect(request.header("x-api-key") == "k")
    #expect(server.requestCount(pathPrefix: "/a") == 1)
    server.resetLog()
    #expect(server.requestCount == 0)
  }

  @Test("a truncated body sends the full Content-Length, a prefix of the body, then hangs up")
  func truncatedOnTheWire() async throws {
    let body = String(repeating: "x", count: 1000)
    let server = try TestHTTPServer { _ in TestResponse(body: Data(body.utf8), truncateAfter: 100) }
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    let (data, closed) = await client.readToEnd()
    let text = String(decoding: data, as: UTF8.self)
    #expect(closed)
    #expect(text.lowercased().contains("content-length: 1000\r\n"))
    #expect(text.hasSuffix("\r\n\r\n" + String(repeating: "x", count: 100)))
  }

  @Test("URLSession reports a truncated body as an error or a short body, never as complete")
  func truncatedWithURLSession() async throws {
    let server = try TestHTTPServer { _ in TestResponse(body: Data(count: 50_000), truncateAfter: 1_000) }
    defer { server.stop() }
    do {
      let result = try await HTTPClient.get(server.url("/image.jpg"))
      #expect(result.body.count < 50_000)
    } catch let error as URLError {
      // libcurl's CURLE_PARTIAL_FILE surfaces as URLError(.unknown), "transfer closed with N bytes remaining".
      #expect(error.code == .unknown || error.code == .networkConnectionLost)
    }
  }

  @Test("dropConnection closes without a byte")
  func dropConnection() async throws {
    let server = try TestHTTPServer { _ in .dropped }
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    let (data, closed) = await client.readToEnd()
    #expect(closed)
    #expect(data.isEmpty)
    // On a fresh connection libcurl reports "Empty reply from server".
    let error = await #expect(throws: URLError.self) { try await HTTPClient.get(server.url("/")) }
    #expect(error?.code == .badServerResponse)
  }

  @Test("bodyChunkDelay trickles the body in pieces")
  func trickle() async throws {
    let body = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0) })
    let server = try TestHTTPServer { _ in TestResponse(body: body, bodyChunkDelay: 0.05, bodyChunkSize: 1000) }
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    client.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    let start = Date()
    let (data, _) = await client.readToEnd()
    #expect(data.suffix(body.count) == body)
    #expect(Date().timeIntervalSince(start) >= 0.2, "four pauses of 50 ms")
  }

  @Test("delay waits before answering, and requests in flight at once are counted")
  func delayAndConcurrency() async throws {
    let server = try TestHTTPServer { _ in TestResponse.text("late").delayed(by: 0.5) }
    defer { server.stop() }
    let session = HTTPClient.makeSession(maximumConnectionsPerHost: 8)
    let start = Date()
    try await withThrowingTaskGroup(of: String.self) { group in
      for index in 0..<8 {
        group.addTask { try await HTTPClient.get(server.url("/\(index)"), in: session).text }
      }
      for try await text in group { #expect(text == "late") }
    }
    #expect(Date().timeIntervalSince(start) >= 0.5)
    #expect(server.maxConcurrentRequests >= 2 && server.maxConcurrentRequests <= 8)
    // Each request leaves the count before its response is written, so none is counted once every answer is in.
    #expect(server.activeRequests == 0)
  }

  @Test("stop closes the listener")
  func stop() async throws {
    let answer = UUID().uuidString
    let server = try TestHTTPServer { _ in .text(answer) }
    #expect(try await HTTPClient.get(server.url("/")).text == answer)
    await server.stopped()
    // Refused, or (the number freed and taken by another test's listener meanwhile) answered by someone else.
    #expect((try? await HTTPClient.get(server.url("/")).text) != answer)
    #expect(server.requestCount == 1)
  }

  /// A stopped server must let go of its socket numbers only after it stops watching them: FlyingFox's own `stop()`
  /// closed the listener while its poll loop still watched the number, and the next socket opened in the process
  /// (another test's listener) was given it, so the stopping server took that server's connections and hung up on
  /// them (the suite's rare "connection lost" and off-by-one request counts). Servers started and stopped from many
  /// tasks at once make that reuse likely; each must answer every request itself.
  @Test("a stopped server never answers for a server started after it")
  func stoppedServerKeepsToItself() async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
      for worker in 0..<4 {
        group.addTask {
          for round in 0..<10 {
            let name = "\(worker)-\(round)"
            let server = try TestHTTPServer { _ in .text(name) }
            for _ in 0..<3 {
              let client = try RawHTTPClient(port: server.port)
              client.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
              let answer = String(decoding: await client.readToEnd().data, as: UTF8.self)
              #expect(answer.hasSuffix("\r\n\r\n\(name)"), "\(name): \(answer.debugDescription)")
            }
            #expect(server.requestCount == 3, "\(name)")
            server.stop()
          }
        }
      }
      try await group.waitForAll()
    }
  }
}
