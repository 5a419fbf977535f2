import Foundation
import RoverTestSupport
import Testing

/// Only a JPEG or PNG reaches the output folder, whatever the Content-Type or the URL's extension said: a page, a
/// script or a program sent as an image is refused naming the URL and what came back, and a gzip-encoded image is
/// stored decoded.
@Suite struct ImagesOnlyTests {
  static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0xFF, 0xD9])
  /// `jpeg` gzip-compressed (Python's `gzip.compress(jpeg, mtime=0)`).
  static let gzippedJPEG = Data([
    0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xFB, 0x7F, 0xE3, 0xFF, 0x03, 0x06, 0x01, 0x2F, 0x37,
    0x4F, 0x37, 0x06, 0xC6, 0xFF, 0x37, 0x01, 0x30, 0x55, 0xB7, 0xAD, 0x0E, 0x00, 0x00, 0x00,
  ])

  static func server() throws -> TestHTTPServer {
    try TestHTTPServer { request in
      switch request.path {
      case "/page.jpg":
        return .bytes(Data("<!DOCTYPE html><html><body>hi</body></html>".utf8), contentType: "image/jpeg")
      case "/drawing.svg":
        return .bytes(
          Data(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8),
          contentType: "image/svg+xml")
      case "/setup.exe": return .bytes(Data("MZ\u{90}\u{0}".utf8), contentType: "image/jpeg")
      case "/packed.jpg":
        return .bytes(gzippedJPEG, contentType: "image/jpeg", headers: ["Content-Encoding": "gzip"])
      case "/photo.html": return .bytes(jpeg, contentType: "image/jpeg")
      default: return .bytes(jpeg, contentType: "image/jpeg")
      }
    }
  }

  func fetch(_ paths: [String], from server: TestHTTPServer, into dir: URL, engine: String? = nil) async throws
    -> RoverProcessResult
  {
    let lines = paths.map { server.url($0).absoluteString }.joined(separator: "\n") + "\n"
    return try await CLI.run(
      ["fetch-image", "-", "-o", dir.path], environment: engine.map { ["ROVER_HTTP_ENGINE": $0] } ?? [:],
      stdin: Data(lines.utf8))
  }

  @Test(arguments: [
    ("/page.jpg", "an HTML page"), ("/drawing.svg", "an SVG image"), ("/setup.exe", "a Windows program"),
  ])
  func aBodyThatIsNoImageIsRefusedNamingWhatCameBack(path: String, what: String) async throws {
    let server = try Self.server()
    defer { server.stop() }
    let dir = try TestDirectory.make("rover-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try await fetch([path], from: server, into: dir)
    #expect(result.exitCode != 0, "\(result)")
    #expect(result.stderr.contains(what) && result.stderr.contains(path), "\(result)")
    #expect(imagesBelow(dir).isEmpty, "\(imagesBelow(dir))")
  }

  @Test(arguments: ["curl", "urlsession"])
  func aGzipEncodedImageIsStoredDecoded(engine: String) async throws {
    let server = try Self.server()
    defer { server.stop() }
    let dir = try TestDirectory.make("rover-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try await fetch(["/packed.jpg"], from: server, into: dir, engine: engine)
    #expect(result.exitCode == 0, "\(result)")
    #expect(try Data(contentsOf: dir.appendingPathComponent("packed.jpg")) == Self.jpeg)
  }

  @Test func anImageAtAPageURLIsNotNamedAsAPage() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let dir = try TestDirectory.make("rover-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try await fetch(["/photo.html"], from: server, into: dir)
    #expect(result.exitCode == 0, "\(result)")
    #expect(imagesBelow(dir) == ["photo.html.jpg"], "\(imagesBelow(dir))")
  }

  @Test func anEndlessLineOnStandardInputIsRefusedNamingIt() async throws {
    let dir = try TestDirectory.make("rover-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    // Longer than any URL, short enough to sit whole in the pipe when rover stops reading.
    let endless = String(repeating: "a", count: 20_000)
    let input = "https://mars.nasa.gov/a.jpg\n# fine\nhttps://mars.nasa.gov/\(endless).jpg\n"
    let result = try await CLI.run(
      ["fetch-image", "-", "-o", dir.path, "--dry-run"], stdin: Data(input.utf8))
    #expect(result.exitCode == 65, "\(result)")
    #expect(result.stderr.contains("line 3"), "\(result)")
    #expect(result.stderr.utf8.count < 1000, "\(result.stderr.prefix(300))")
  }
}
