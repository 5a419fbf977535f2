import Foundation
import RoverImaging
import RoverTestSupport

/// A Curiosity raw feed (`/api/v1/raw_image_items/`) listing the real Navcam names of
/// `RoverCoreTests/Fixtures/frames/msl-navcam-urls.json` (sols 3115–3123), read beside this file (this target has
/// no resources), and serving each frame's image from `images` by name (404 for the others).
///
/// The records are built around the real names: the feed's other fields (title, date) are constructed.
final class MovieFeed: Sendable {
  let server: TestHTTPServer
  let names: [Int: [String]]

  init(images: [String: Data] = [:]) throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let data = try Data(contentsOf: tests.appendingPathComponent("RoverCoreTests/Fixtures/frames/msl-navcam-urls.json"))
    let days = try JSONSerialization.jsonObject(with: data) as? [String: [String]] ?? [:]
    var names: [Int: [String]] = [:]
    for url in days.values.joined() {
      let parts = url.split(separator: "/")
      guard let sol = parts.first(where: { $0.count == 5 && $0.allSatisfy(\.isNumber) }).flatMap({ Int($0) }),
        let file = parts.last
      else { continue }
      names[sol, default: []].append(String(file.dropLast(4)))
    }
    self.names = names
    let sols = names
    server = try TestHTTPServer { request in
      if request.path.hasPrefix("/api/v1/raw_image_items/msl/latest") {
        return .json(#"{"success":true,"latest_data":{"latest_sol":3123,"total":27}}"#)
      }
      if request.path.hasPrefix("/images/msl/") {
        let name = String(request.path.split(separator: "/").last?.dropLast(4) ?? "")
        guard let bytes = images[name] else { return .html("<p>not found</p>", status: 404) }
        return .bytes(bytes, contentType: "image/png")
      }
      guard request.path.hasPrefix("/api/v1/raw_image_items"), (request.query("page") ?? "0") == "0",
        let sol = request.query("condition_2")?.split(separator: ":").first.flatMap({ Int($0) })
      else { return .json(#"{"items":[],"more":false,"total":0,"page":0,"per_page":50}"#) }
      let cameras = request.query("search")?.split(separator: "|").map(String.init)
      let items = (sols[sol] ?? []).enumerated().map { index, name in
        Self.item(name, sol: sol, id: sol * 100 + index, base: request.header("Host") ?? "")
      }.filter { item in cameras?.contains(item["instrument"] as? String ?? "") ?? true }
      let body = try? JSONSerialization.data(withJSONObject: [
        "items": items, "more": false, "total": items.count, "page": 0, "per_page": 50,
      ])
      return .json(data: body ?? Data())
    }
  }

  deinit { server.stop() }

  /// A Curiosity item around a real name; the image URL points at this server.
  static func item(_ name: String, sol: Int, id: Int, base: String) -> [String: Any] {
    let url = "http://\(base)/images/msl/\(sol)/\(name).JPG"
    return [
      "id": id, "imageid": name, "sol": sol, "instrument": name.hasPrefix("NR") ? "NAV_RIGHT_B" : "NAV_LEFT_B",
      "url": url, "https_url": url, "date_taken": "2021-05-17T12:00:00.000Z", "is_thumbnail": false,
      "title": "Sol \(sol): Navigation Camera",
      "extended": ["sample_type": name.contains("EDR_S") ? "subframe" : "full"],
    ]
  }

  /// `rover … --service nasa-raw --base-url <this feed>`.
  func run(_ arguments: [String]) async throws -> RoverProcessResult {
    try await CLI.run(arguments + ["--service", "nasa-raw", "--base-url", server.baseURL.absoluteString])
  }

  /// A `width`×`height` grey PNG (constructed frame) with a bright square at (`x`, 4), through RoverImaging's
  /// encoder.
  static func png(width: Int = 40, height: Int = 24, blobX x: Int) throws -> Data {
    var raster = Raster(width: width, height: height, channels: 1, bitDepth: 8)
    for row in 0..<height {
      for column in 0..<width {
        let bright = (x..<x + 5).contains(column) && (4..<9).contains(row)
        raster.setSample(bright ? 250 : 60 + (row + column) % 40, x: column, y: row, channel: 0)
      }
    }
    let file = try TestDirectory.make().appendingPathComponent("frame.png")
    try ImageCodec.writePNG(raster, to: file.path)
    return try Data(contentsOf: file)
  }
}
