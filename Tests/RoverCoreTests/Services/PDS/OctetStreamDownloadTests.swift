import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// The PDS sends its `.img.jpg` browse images as `application/octet-stream` (api-reference 7.2): such a body is
/// kept when it starts like a JPEG or PNG, and a web page is refused whatever its type says.
@Suite struct OctetStreamDownloadTests {
  static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0xFF, 0xD9])
  static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])
  static let page = Data("<!DOCTYPE html><html><body>Access denied</body></html>\n".utf8)

  /// Serves each path's body with its content type.
  static func server() throws -> TestHTTPServer {
    try TestHTTPServer { request in
      switch request.path {
      case "/jpeg.img.jpg": return .bytes(jpeg, contentType: "application/octet-stream")
      case "/png.png": return .bytes(png, contentType: "binary/octet-stream")
      case "/page.img.jpg": return .bytes(page, contentType: "application/octet-stream")
      case "/short.img.jpg": return .bytes(Data([0xFF, 0xD8]), contentType: "application/octet-stream")
      default: return .bytes(page, contentType: "text/html; charset=utf-8")
      }
    }
  }

  func download(_ paths: [String], from server: TestHTTPServer) async throws -> (URL, [String: DownloadResult.Outcome])
  {
    let directory = try TestDirectory.make("rover-pds")
    let photos = try paths.map { path in
      Photo(
        id: .text(String(path.dropFirst().prefix { $0 != "." })), sol: 1, camera: Camera(name: "NAVCAM"),
        imageSource: server.url(path).absoluteString, earthDate: try #require(CalendarDate(strict: "2004-01-04")),
        rover: PDSRover.spirit.summary)
    }
    let options = DownloadOptions.testing(into: directory, template: try NameTemplate("{id}"))
    let outcomes = try await DownloadRun.run(photos, options, retryPolicy: RetryPolicy(maxRetries: 0, baseDelay: 0.01))
      .outcomes
    return (directory, Dictionary(outcomes.map { ($0.key.description, $0.value) }) { _, last in last })
  }

  /// Saved files, without the download record (`.rover-record.sqlite`) or any temporary.
  func images(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }.sorted()
  }

  @Test func aJPEGSentAsOctetStreamIsSaved() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let (directory, outcomes) = try await download(["/jpeg.img.jpg", "/png.png"], from: server)
    #expect(outcomes["jpeg"] == .downloaded(bytes: Self.jpeg.count))
    #expect(outcomes["png"] == .downloaded(bytes: Self.png.count))
    #expect(try images(in: directory) == ["jpeg", "png"])
    #expect(try Data(contentsOf: directory.appendingPathComponent("jpeg")) == Self.jpeg)
  }

  @Test func aWebPageSentAsOctetStreamIsRefused() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let (directory, outcomes) = try await download(["/page.img.jpg", "/short.img.jpg"], from: server)
    for id in ["page", "short"] {
      guard case .failed(.notAnImage(let type, _, _)) = outcomes[id] else {
        Issue.record("\(id): \(String(describing: outcomes[id]))")
        continue
      }
      // The type as sent, then what the body turned out to be.
      #expect(type.hasPrefix("application/octet-stream: "), "\(type)")
    }
    if case .failed(.notAnImage(let type, _, _)) = outcomes["page"] { #expect(type.hasSuffix("an HTML page")) }
    #expect(try images(in: directory).isEmpty)
  }

  @Test func aWebPageSentAsHTMLIsRefusedAsBefore() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let (directory, outcomes) = try await download(["/html.img.jpg"], from: server)
    guard case .failed(.notAnImage(let type, _, let hint)) = outcomes["html"] else {
      Issue.record("\(String(describing: outcomes["html"]))")
      return
    }
    #expect(type.hasPrefix("text/html"))
    #expect(hint != nil)
    #expect(try images(in: directory).isEmpty)
  }

  @Test(arguments: [
    ("application/octet-stream", true), ("Binary/Octet-Stream", true), ("application/octet-stream; x=1", true),
    ("text/html", false), ("application/json", false), ("", false),
  ])
  func octetStreamTypes(type: String, accepted: Bool) {
    #expect(Downloader.isOctetStream(type) == accepted)
  }
}
