import Foundation
import RoverTestSupport
import Testing

/// A feed's records are bounded in bytes, not only in count: a sol of huge records ends as incomplete (exit 3)
/// after a few pages, and a record too large to keep verbatim loses its `source` in a sidecar, with a warning.
@Suite struct HostileSizesTests {
  /// A JPEG's start and end markers around a JFIF header: what a signature check takes for a JPEG.
  static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0xFF, 0xD9])

  /// Curiosity's raw feed at sol 10: every items page full (500 records, all new ids) and `more` true, each
  /// record carrying `padding` bytes of text in a field rover does not read, and `title` and `description` bytes
  /// in its title and description (which every photo keeps up to 4 KB each); image requests answer a small JPEG.
  /// With `pages`, that many pages of one record each.
  static func feed(padding: Int, title: Int = 10, description: Int = 0, pages: Int? = nil) throws -> TestHTTPServer {
    let titleText = String(repeating: "t", count: title)
    let descriptionText = String(repeating: "d", count: description)
    let filler = String(repeating: "x", count: padding)
    return try TestHTTPServer { request in
      if request.path.contains("/latest") {
        return .json(#"{"success":true,"latest_data":{"latest_sol":10,"total":5}}"#)
      }
      if request.path.hasPrefix("/img/") { return .bytes(Self.jpeg, contentType: "image/jpeg") }
      let page = Int(request.query("page") ?? "0") ?? 0
      let count = pages.map { page < $0 ? 1 : 0 } ?? 500
      let items = (0..<count).map { index in
        let id = "NLB_\(page)_\(index)"
        return #"{"id":"\#(id)","imageid":"\#(id)","sol":10,"instrument":"NAV_LEFT_B","#
          + #""url":"http://127.0.0.1:\#(request.header("host")?.split(separator: ":").last ?? "80")/img/\#(id).JPG","#
          + #""date_taken":"2012-08-16T00:00:00Z","extended":{"sample_type":"full"},"padding":"\#(filler)","#
          + #""title":"\#(titleText)","description":"\#(descriptionText)"}"#
      }
      return .json(#"{"items":[\#(items.joined(separator: ","))],"more":\#(pages == nil),"total":null}"#)
    }
  }

  @Test func aSolOfHugeRecordsEndsIncompleteAfterAFewPages() async throws {
    let server = try Self.feed(padding: 10, title: 4000, description: 4000)
    defer { server.stop() }
    let dir = try TestDirectory.make()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try await CLI.run(
      [
        "--service", "nasa-raw", "--base-url", server.baseURL.absoluteString, "photos", "curiosity", "--sol", "10",
        "--format", "jsonl",
      ],
      environment: ["XDG_STATE_HOME": dir.path])
    #expect(result.exitCode == 3, "\(result)")
    #expect(result.stderr.contains("MB"), "\(result.stderr)")
    // 500 records of 8 KB of kept text a page (4 MB, under the 8 MB answer cap): the byte budget (48 MB) ends the
    // sol after about 12 pages, long before the photo cap (25 000 photos, 50 pages, 200 MB of texts) would.
    let pages = server.requests.filter { $0.query("page") != nil }.count
    #expect(pages <= 14, "\(pages) pages read")
  }

  @Test func aRecordTooLargeToKeepLosesItsSourceWithAWarning() async throws {
    let server = try Self.feed(padding: 70 * 1024, pages: 1)
    defer { server.stop() }
    let dir = try TestDirectory.make()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try await CLI.run(
      [
        "--service", "nasa-raw", "--base-url", server.baseURL.absoluteString, "sync", "curiosity", "--sol", "10..10",
        "-o", dir.path, "--name", "{id}.{ext}", "--metadata",
      ],
      environment: ["XDG_STATE_HOME": dir.path])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("over 64 KB"), "\(result.stderr)")
    let sidecar = try Data(contentsOf: dir.appendingPathComponent("NLB_0_0.jpg.json"))
    let object = try #require(try JSONSerialization.jsonObject(with: sidecar) as? [String: Any])
    #expect(object["source"] is NSNull, "\(object.keys.sorted())")
    #expect(sidecar.count < 8 * 1024)
  }

  /// Number arrays cost far more decoded than their bytes: a page of millions of values is refused before it is
  /// decoded (exit 65), not held at ten times its size.
  @Test func aPageOfMillionsOfValuesIsRefusedNotDecoded() async throws {
    let numbers = Array(repeating: "1", count: 2_100_000).joined(separator: ",")
    let page =
      #"{"items":[{"id":"N1","imageid":"N1","sol":10,"instrument":"NAV_LEFT_B","url":"http://h/N1.JPG","#
      + #""extended":{"sample_type":"full"},"numbers":[\#(numbers)]}],"more":false,"total":1}"#
    let server = try TestHTTPServer { request in
      if request.path.contains("/latest") {
        return .json(#"{"success":true,"latest_data":{"latest_sol":10,"total":5}}"#)
      }
      return .json(page)
    }
    defer { server.stop() }
    let dir = try TestDirectory.make()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try await CLI.run(
      ["--service", "nasa-raw", "--base-url", server.baseURL.absoluteString, "photos", "curiosity", "--sol", "10"],
      environment: ["XDG_STATE_HOME": dir.path])
    #expect(result.exitCode == 65, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
  }
}
