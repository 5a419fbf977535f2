import Foundation
import Testing

@testable import RoverTestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("TestHTTPServer")
struct TestHTTPServerTests {
  @Test("binds to 127.0.0.1 on a kernel-chosen port and answers URLSession")
  func servesURLSession() async throws {
    let server = try TestHTTPServer { request in .text("hello \(request.path)") }
    defer { server.stop() }
    #expect(server.port > 0)
    #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
    let result = try await HTTPClient.get(server.url("/greeting"))
    #expect(result.status == 200)
    #expect(result.text == "hello /greeting")
    #expect(result.header("Content-Type") == "text/plain; charset=utf-8")
    #expect(result.header("Content-Length") == "15")
    #expect(server.requestCount == 1)
  }

  @Test("keeps a URLSession connection alive across sequential requests")
  func keepAliveWithURLSession() async throws {
    let server = try TestHTTPServer { _ in .text("ok") }
    defer { server.stop() }
    let session = HTTPClient.makeSession(maximumConnectionsPerHost: 1)
    for index in 0..<5 {
      let result = try await HTTPClient.get(server.url("/\(index)"), in: session)
      #expect(result.status == 200)
    }
    #expect(server.totalConnections == 1)
    #expect(Set(server.requests.map(\.connectionID)).count == 1)
  }

  @Test("serves several requests on one raw connection, then honours Connection: close")
  func rawKeepAliveAndClose() throws {
    let server = try TestHTTPServer { request in .text(request.path) }
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    client.send("GET /one HTTP/1.1\r\nHost: x\r\n\r\n")
    let first = try #require(client.readResponse())
    #expect(first.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(first.hasSuffix("\r\n\r\n/one"))
    #expect(!first.contains("Connection: close"))
    // Two requests in one write (pipelined) are answered in order.
    client.send("GET /two HTTP/1.1\r\nHost: x\r\n\r\nGET /three HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    let (rest, closed) = client.readToEnd()
    let text = String(decoding: rest, as: UTF8.self)
    #expect(closed)
    #expect(text.contains("\r\n\r\n/two"))
    #expect(text.hasSuffix("Connection: close\r\n\r\n/three"))
    #expect(server.totalConnections == 1)
    #expect(server.requests.map(\.path) == ["/one", "/two", "/three"])
  }

  @Test("closes after an HTTP/1.0 request unless it asked for keep-alive")
  func http10() throws {
    let server = try TestHTTPServer { _ in .text("old") }
    defer { server.stop() }
    let plain = try RawHTTPClient(port: server.port)
    plain.send("GET / HTTP/1.0\r\n\r\n")
    let (data, closed) = plain.readToEnd()
    #expect(closed)
    #expect(String(decoding: data, as: UTF8.self).contains("Connection: close"))

    let kept = try RawHTTPClient(port: server.port)
    kept.send("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
    let response = try #require(kept.readResponse())
    #expect(response.contains("Connection: keep-alive"))
    kept.send("GET /again HTTP/1.0\r\n\r\n")
    #expect(kept.readToEnd().closed)
    #expect(server.requests.last?.version == "HTTP/1.0")
  }

  @Test("reads request bodies by Content-Length and keeps the connection in sync")
  func requestBody() throws {
    let server = try TestHTTPServer { request in .text("\(request.method) \(request.body.count)") }
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    client.send("POST /upload HTTP/1.1\r\nContent-Length: 11\r\n\r\nhello worldGET /after HTTP/1.1\r\n\r\n")
    #expect(client.readResponse()?.hasSuffix("POST 11") == true)
    #expect(client.readResponse()?.hasSuffix("GET 0") == true)
    #expect(server.requests.first?.body == Data("hello world".utf8))
  }

  @Test("answers 100 Continue when a client waits for it before sending the body")
  func expectContinue() throws {
    let server = try TestHTTPServer { request in .text(String(decoding: request.body, as: UTF8.self)) }
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    client.send("PUT /x HTTP/1.1\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
    #expect(client.readResponse() == "HTTP/1.1 100 Continue\r\n\r\n")
    client.send("data")
    #expect(client.readResponse()?.hasSuffix("\r\n\r\ndata") == true)
  }

  @Test("rejects a malformed request line with 400 and closes")
  func malformedRequest() throws {
    let server = try TestHTTPServer { _ in .text("never") }
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    client.send("NONSENSE\r\n\r\n")
    let (data, closed) = client.readToEnd()
    #expect(closed)
    #expect(String(decoding: data, as: UTF8.self).hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
    #expect(server.requestCount == 0)
  }

  @Test("sends the head but no body for HEAD")
  func headRequest() throws {
    let server = try TestHTTPServer { _ in .text("twelve bytes") }
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    client.send("HEAD / HTTP/1.1\r\nConnection: close\r\n\r\n")
    let text = String(decoding: client.readToEnd().data, as: UTF8.self)
    #expect(text.contains("Content-Length: 12\r\n"))
    #expect(text.hasSuffix("\r\n\r\n"))
  }

  @Test("parses the request target, query and headers it hands the handler")
  func parsedRequest() async throws {
    let server = try TestHTTPServer { _ in .empty() }
    defer { server.stop() }
    let url = server.url("/api/v1/rovers/mars%20rover/photos?sol=1000&camera=fhaz&empty=&flag&name=a+b%2Bc")
    let result = try await HTTPClient.get(url, headers: ["X-API-Key": "secret"])
    #expect(result.status == 204)
    #expect(result.header("Content-Length") == nil)
    let request = try #require(server.requests.first)
    #expect(request.method == "GET")
    #expect(request.target == "/api/v1/rovers/mars%20rover/photos?sol=1000&camera=fhaz&empty=&flag&name=a+b%2Bc")
    #expect(request.path == "/api/v1/rovers/mars rover/photos")
    #expect(request.query("sol") == "1000")
    #expect(request.query("camera") == "fhaz")
    #expect(request.query("empty") == "")
    #expect(request.query("flag") == "")
    #expect(request.query("name") == "a b+c")
    #expect(request.query("missing") == nil)
    #expect(request.queryItems.map(\.name) == ["sol", "camera", "empty", "flag", "name"])
    #expect(request.header("x-api-key") == "secret")
    #expect(request.header("X-API-KEY") == "secret")
    #expect(request.headers["x-api-key"] == "secret")
    #expect(request.header("host") == "127.0.0.1:\(server.port)")
  }

  @Test("counts requests by path prefix and predicate, and resets the log")
  func requestLog() async throws {
    let server = try TestHTTPServer { _ in .text("") }
    defer { server.stop() }
    for path in ["/api/a", "/api/b", "/images/c"] {
      _ = try await HTTPClient.get(server.url(path))
    }
    #expect(server.requestCount(pathPrefix: "/api/") == 2)
    #expect(server.requestCount(pathPrefix: "/images/") == 1)
    #expect(server.requestCount { $0.path.hasSuffix("b") } == 1)
    server.resetLog()
    #expect(server.requestCount == 0)
    #expect(server.requests.isEmpty)
  }

  @Test("measures how many requests are in flight at once")
  func maxConcurrentRequests() async throws {
    let server = try TestHTTPServer { _ in TestResponse.text("slow").delayed(by: 2) }
    defer { server.stop() }
    let session = HTTPClient.makeSession(maximumConnectionsPerHost: 64)
    try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<64 {
        group.addTask { try await HTTPClient.get(server.url("/\(index)"), in: session).status }
      }
      for try await status in group {
        #expect(status == 200)
      }
    }
    #expect(server.requestCount == 64)
    #expect(server.maxConcurrentRequests >= 48, "64 connections should overlap within 2 s, even on a loaded machine")
    #expect(server.maxConcurrentRequests <= 64)
    #expect(server.totalConnections >= server.maxConcurrentRequests)
    #expect(await eventually { server.activeRequests == 0 })
  }

  @Test("shows a client's connection cap exactly")
  func concurrencyProbeSeesClientCap() async throws {
    let server = try TestHTTPServer { _ in TestResponse.text("slow").delayed(by: 0.15) }
    defer { server.stop() }
    let session = HTTPClient.makeSession(maximumConnectionsPerHost: 3)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<9 {
        group.addTask { _ = try await HTTPClient.get(server.url("/\(index)"), in: session) }
      }
      try await group.waitForAll()
    }
    #expect(server.maxConcurrentRequests == 3)
    #expect(server.totalConnections == 3)
  }

  @Test("a delayed response does not hold up other connections")
  func delayIsPerConnection() async throws {
    let server = try TestHTTPServer { request in
      request.path == "/slow" ? TestResponse.text("slow").delayed(by: 20) : .text("fast")
    }
    defer { server.stop() }
    // A session of its own, never cancelled: cancelling URLSession's async `data(for:)` can deadlock the session on
    // Linux (see RoverCore's URLSession+Cancellable.swift), which would stall every other test sharing it.
    let session = HTTPClient.makeSession(maximumConnectionsPerHost: 4)
    _ = Task { try await HTTPClient.get(server.url("/slow"), in: session) }
    #expect(await eventually { server.activeRequests == 1 })
    let start = Date()
    let fast = try await HTTPClient.get(server.url("/fast"))
    #expect(fast.text == "fast")
    // Far below the slow request's 20 s: the fast one did not queue behind it (loose, for loaded CI machines).
    #expect(Date().timeIntervalSince(start) < 10)
    #expect(server.activeRequests >= 1, "the slow request is still waiting")
  }

  @Test("delay waits before sending anything")
  func delay() async throws {
    let server = try TestHTTPServer { _ in TestResponse.text("late").delayed(by: 0.3) }
    defer { server.stop() }
    let start = Date()
    let result = try await HTTPClient.get(server.url("/"))
    #expect(result.text == "late")
    #expect(Date().timeIntervalSince(start) >= 0.3)
  }

  @Test("a truncated body sends the full Content-Length, a prefix of the body, then hangs up")
  func truncatedOnTheWire() throws {
    let body = String(repeating: "x", count: 1000)
    let server = try TestHTTPServer { _ in TestResponse(body: Data(body.utf8), truncateAfter: 100) }
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    client.send("GET / HTTP/1.1\r\n\r\n")
    let (data, closed) = client.readToEnd()
    let text = String(decoding: data, as: UTF8.self)
    #expect(closed)
    #expect(text.contains("Content-Length: 1000\r\n"))
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
    client.send("GET / HTTP/1.1\r\n\r\n")
    let (data, closed) = client.readToEnd()
    #expect(closed)
    #expect(data.isEmpty)
    // On a fresh connection libcurl reports "Empty reply from server".
    let error = await #expect(throws: URLError.self) { try await HTTPClient.get(server.url("/")) }
    #expect(error?.code == .badServerResponse)
  }

  @Test("URLSession silently retries a request whose reused connection hangs up")
  func dropOnReusedConnectionIsRetried() async throws {
    let count = Locked(0)
    let server = try TestHTTPServer { _ in
      count.withLock { value in
        value += 1
        return value == 2 ? .dropped : .text("ok")
      }
    }
    defer { server.stop() }
    let session = HTTPClient.makeSession(maximumConnectionsPerHost: 1)
    #expect(try await HTTPClient.get(server.url("/first"), in: session).text == "ok")
    // The drop happens on the kept-alive connection, so libcurl resends on a new one and the caller never sees it:
    // a fault meant to reach the client must cover the retry too (times: 2) or hit a fresh connection.
    #expect(try await HTTPClient.get(server.url("/second"), in: session).text == "ok")
    #expect(server.requests.map(\.path) == ["/first", "/second", "/second"])
    #expect(server.totalConnections == 2)
  }

  @Test("omitContentLength sends a close-delimited body")
  func omitContentLength() async throws {
    let server = try TestHTTPServer { _ in TestResponse(body: Data("until close".utf8), omitContentLength: true) }
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    client.send("GET / HTTP/1.1\r\n\r\n")
    let (data, closed) = client.readToEnd()
    let text = String(decoding: data, as: UTF8.self)
    #expect(closed)
    #expect(!text.contains("Content-Length"))
    #expect(text.hasSuffix("Connection: close\r\n\r\nuntil close"))
    #expect(try await HTTPClient.get(server.url("/")).text == "until close")
  }

  @Test("bodyChunkDelay trickles the body in chunks")
  func slowBody() async throws {
    let body = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0) })
    let server = try TestHTTPServer { _ in
      TestResponse(body: body, bodyChunkDelay: 0.05, bodyChunkSize: 1000)
    }
    defer { server.stop() }
    let start = Date()
    let result = try await HTTPClient.get(server.url("/"))
    #expect(result.body == body)
    #expect(Date().timeIntervalSince(start) >= 0.2, "four pauses of 50 ms")
  }

  @Test("writes standard reason phrases and custom headers in order")
  func statusLineAndHeaders() throws {
    let server = try TestHTTPServer { _ in
      TestResponse(
        status: 429, headers: ["Retry-After": "3", "X-One": "1", "X-Two": "2"], body: Data("slow down".utf8))
    }
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    client.send("GET / HTTP/1.1\r\n\r\n")
    let text = try #require(client.readResponse())
    #expect(text.hasPrefix("HTTP/1.1 429 Too Many Requests\r\nRetry-After: 3\r\nX-One: 1\r\nX-Two: 2\r\n"))
    #expect(text.contains("Content-Length: 9\r\n"))
  }

  @Test("convenience constructors set status, type and body")
  func constructors() async throws {
    let server = try TestHTTPServer { request in
      switch request.path {
      case "/json": .json(#"{"a":1}"#, status: 201)
      case "/data": .json(data: Data("[]".utf8))
      case "/html": .html("<p>hi</p>", status: 404)
      case "/bytes": .bytes(Data([1, 2, 3]), contentType: "image/png")
      case "/redirect": .redirect(to: "/json")
      default: .empty(status: 204)
      }
    }
    defer { server.stop() }
    let json = try await HTTPClient.get(server.url("/json"))
    #expect(json.status == 201)
    #expect(json.header("content-type") == "application/json; charset=utf-8")
    #expect(json.text == #"{"a":1}"#)
    #expect(try await HTTPClient.get(server.url("/data")).text == "[]")
    let html = try await HTTPClient.get(server.url("/html"))
    #expect(html.status == 404)
    #expect(html.header("content-type") == "text/html; charset=utf-8")
    let bytes = try await HTTPClient.get(server.url("/bytes"))
    #expect(bytes.body == Data([1, 2, 3]))
    #expect(bytes.header("content-type") == "image/png")
    let followed = try await HTTPClient.get(server.url("/redirect"))
    #expect(followed.status == 201)
    #expect(followed.url?.path == "/json")
    #expect(server.requests.map(\.path).suffix(2) == ["/redirect", "/json"])
  }

  @Test("stop closes the listener and idle connections, interrupts delays, and is idempotent")
  func stop() async throws {
    let server = try TestHTTPServer { request in
      request.path == "/hang" ? TestResponse.text("").delayed(by: 30) : .text("ok")
    }
    let idle = try RawHTTPClient(port: server.port)
    idle.send("GET / HTTP/1.1\r\n\r\n")
    #expect(idle.readResponse() != nil)
    let hanging = try RawHTTPClient(port: server.port)
    hanging.send("GET /hang HTTP/1.1\r\n\r\n")
    #expect(await eventually { server.activeRequests == 1 && server.activeConnections == 2 })

    let start = Date()
    server.stop()
    // Far below the 30 s delay: stop interrupted it (loose, for loaded CI machines).
    #expect(Date().timeIntervalSince(start) < 15)
    #expect(server.activeConnections == 0)
    #expect(idle.readToEnd().closed)
    #expect(hanging.readToEnd() == (Data(), true))
    #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient(port: server.port) }
    server.stop()
  }

  @Test("handles 64 simultaneous raw connections, all in flight at once")
  func manyConnections() async throws {
    // Handlers hold until the test has seen all 64 in flight, so the check does not depend on timing.
    let gate = Locked(false)
    let server = try TestHTTPServer { _ in
      while !gate.withLock({ $0 }) {
        usleep(1_000)
      }
      return .text("ok")
    }
    defer { server.stop() }
    let clients = try (0..<64).map { _ in try RawHTTPClient(port: server.port) }
    for (index, client) in clients.enumerated() {
      client.send("GET /\(index) HTTP/1.1\r\n\r\n")
    }
    #expect(await eventually(timeout: 10) { server.activeRequests == 64 })
    #expect(server.activeConnections == 64)
    gate.withLock { $0 = true }
    for client in clients {
      #expect(client.readResponse()?.hasSuffix("\r\n\r\nok") == true)
    }
    #expect(server.maxConcurrentRequests == 64)
  }
}
