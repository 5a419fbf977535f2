import Foundation
import RoverTestSupport

/// `fetch-image -` caught mid-transfer, for the tests that stop it: one fast photo already in place and `slow`
/// more still trickling in (1 MB each, 4 KB every `chunkDelay` seconds), all at once. Call `stop()` in a `defer`.
struct SlowDownload {
  static let size = 1024 * 1024
  /// The fast photo's file, in place before `start` returns.
  static let finished = "curiosity_1000_FHAZ_1.jpg"

  let server: TestHTTPServer
  let directory: URL
  let child: RunningRover

  static func start(slow: Int, chunkDelay: TimeInterval) async throws -> SlowDownload {
    let server = try TestHTTPServer { request in
      var response = TestResponse.bytes(
        Data([0xFF, 0xD8, 0xFF]) + Data(repeating: 0xAB, count: size - 3), contentType: "image/jpeg")
      if request.path.hasPrefix("/slow/") {
        response.bodyChunkDelay = chunkDelay
        response.bodyChunkSize = 4096
      }
      return response
    }
    let directory = try TestDirectory.make("rover-cli")
    let lines =
      [PhotoLines.line(id: "1", imgSrc: server.url("/fast/1.jpg").absoluteString)]
      + (2...slow + 1).map { PhotoLines.line(id: String($0), imgSrc: server.url("/slow/\($0).jpg").absoluteString) }
    let child = try RoverProcess.start(
      ["fetch-image", "-", "-o", directory.path, "-j", String(slow + 1)], environment: CLI.fastRetries,
      stdin: PhotoLines.data(lines))
    try await child.waitUntil("the slow transfers under way", timeout: 30) { _ in
      // Temporaries have no name (O_TMPFILE): the server says when the slow transfers are under way.
      server.requestCount(pathPrefix: "/slow/") >= slow
        && FileManager.default.fileExists(atPath: directory.appendingPathComponent(finished).path)
    }
    return SlowDownload(server: server, directory: directory, child: child)
  }

  func stop() {
    server.stop()
  }
}
