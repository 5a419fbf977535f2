import Foundation
import RoverTestSupport
import Testing

/// What job schedulers send: SIGTERM (`timeout`, systemd, CI) and SIGHUP (a closed terminal) stop a download the
/// way Ctrl-C does, with the summary so far, no partial file, and an exit code that names the signal.
@Suite struct SignalTests {
  @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
  func signalStopsCleanly(signal: Int32, code: Int32) async throws {
    let size = 1024 * 1024
    let server = try TestHTTPServer { request in
      var response = TestResponse.bytes(Data(repeating: 0xCD, count: size), contentType: "image/jpeg")
      if request.path.hasPrefix("/slow/") {
        response.bodyChunkDelay = 0.1
        response.bodyChunkSize = 4096
      }
      return response
    }
    defer { server.stop() }
    let dir = try CLI.temporaryDirectory()
    let lines =
      [PhotoLines.line(id: "1", imgSrc: server.url("/fast/1.jpg").absoluteString)]
      + (2...4).map { PhotoLines.line(id: String($0), imgSrc: server.url("/slow/\($0).jpg").absoluteString) }
    let child = try RoverProcess.start(
      ["fetch-image", "-", "-o", dir.path, "-j", "4"], environment: CLI.fastRetries, stdin: PhotoLines.data(lines))
    try await child.waitUntil("the slow transfers under way", timeout: 30) { _ in
      server.requestCount(pathPrefix: "/slow/") >= 3
        && FileManager.default.fileExists(atPath: dir.appendingPathComponent("curiosity_1000_FHAZ_1.jpg").path)
    }
    child.send(signal: signal)
    let result = try await child.wait(timeout: 20)
    #expect(result.exitCode == code, "\(result)")
    #expect(result.stderr.contains("downloaded 1"), "\(result)")
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasPrefix(".rover-record") }
    #expect(left == ["curiosity_1000_FHAZ_1.jpg"], "\(left)")
  }
}
