import Foundation
import RoverCore
import RoverTestSupport
import Testing

/// `rover assemble` and `rover anaglyph` through the built binary, against a local Perseverance feed serving the
/// four real sol-1110 Navcam tiles and their verbatim records (RoverImagingTests/Fixtures/sol1110, read beside this
/// file: this target has no resources), with each record's image URLs pointed at the local server.
@Suite struct PictureCommandsTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("RoverImagingTests/Fixtures/sol1110")

  /// The feed; `edit` changes each record (as JSON) before it is served.
  static func feed(
    tile: String? = nil, bomb: String? = nil, edit: @escaping @Sendable (inout [String: Any]) -> Void = { _ in }
  ) throws -> TestHTTPServer {
    // `tile` ("01"): only that tile of each eye, one pair, for the tests that make pictures in a debug build.
    let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path)
      .filter { name in name.hasSuffix(".json") && (tile.map { name.contains("_\($0)_") } ?? true) }.sorted()
    let images = try names.map { name in
      // A tile named in `bomb` is served as a PNG whose header declares 60000 x 60000 pixels.
      if let bomb, name.hasPrefix(bomb) { return ImageBomb.png(width: 60_000, height: 60_000) }
      return try Data(contentsOf: fixtures.appendingPathComponent(name.replacingOccurrences(of: ".json", with: ".png")))
    }
    let records = try names.map { name in
      try #require(
        JSONSerialization.jsonObject(with: Data(contentsOf: fixtures.appendingPathComponent(name))) as? [String: Any])
    }
    let page = Locked(Data())
    let server = try TestHTTPServer { request in
      if request.path.hasPrefix("/pub/"), let index = names.firstIndex(where: { request.path.contains($0.dropLast(5)) })
      {
        return .bytes(images[index], contentType: "image/png")
      }
      if request.query("latest") == "true" {
        return .json(#"{"latest_sol":1110,"total":4,"type":"mars2020-latest-images-1.1"}"#)
      }
      guard request.query("sol") == "1110", request.query("page").flatMap(Int.init) ?? 0 == 0 else {
        return .json(#"{"images":[],"per_page":"100","total_results":0,"page":0}"#)
      }
      return .json(data: page.current)
    }
    let served = records.enumerated().map { index, record in
      var record = record
      let png = server.url("/pub/" + names[index].replacingOccurrences(of: ".json", with: "01.png")).absoluteString
      record["image_files"] = ["full_res": png, "large": png, "medium": png, "small": png]
      edit(&record)
      return record
    }
    let body = try JSONSerialization.data(withJSONObject: [
      "images": served, "per_page": "100", "total_results": served.count, "page": 0, "mission": "mars2020",
      "total_images": served.count,
    ])
    page.withLock { $0 = body }
    return server
  }

  static func run(_ arguments: [String], _ feed: TestHTTPServer) async throws -> RoverProcessResult {
    try await CLI.run(arguments + ["--service", "nasa-raw", "--base-url", feed.baseURL.absoluteString])
  }

  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rover-pictures-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func assembleWritesEachEyesFrameWithItsSidecarAndARerunFetchesNothing() async throws {
    let feed = try Self.feed()
    defer { feed.stop() }
    let out = try Self.folder()
    defer { try? FileManager.default.removeItem(at: out) }
    let arguments = ["assemble", "perseverance", "--sol", "1110", "-o", out.path, "--format", "json"]
    let result = try await Self.run(arguments, feed)
    #expect(result.exitCode == 0, "\(result)")
    let lines = try CLI.jsonLines(result.stdout)
    #expect(lines.count == 2)
    for line in lines {
      #expect(line["width"] as? Int == 2560 && line["height"] as? Int == 1920 && line["scale"] as? Int == 2)
      #expect(line["tiles_used"] as? [Int] == [1, 4] && line["tiles_missing"] as? [Int] == [2, 3])
      let path = try #require(line["path"] as? String)
      #expect(FileManager.default.fileExists(atPath: path))
      let sidecar = try #require(
        JSONSerialization.jsonObject(
          with: Data(contentsOf: URL(fileURLWithPath: path.replacingOccurrences(of: ".png", with: ".json"))))
          as? [String: Any])
      #expect(sidecar["union_subframe"] as? [String: Int] == ["x": 1, "y": 1, "width": 5120, "height": 1936])
      #expect((sidecar["camera_model"] as? [String: Any])?["type"] as? String == "CAHVORE")
    }
    #expect(
      result.stderr.components(separatedBy: "tiles 2, 3 missing, left transparent").count == 3, "\(result.stderr)")
    let images = feed.requestCount(pathPrefix: "/pub/")
    #expect(images == 4)
    let again = try await Self.run(arguments, feed)
    let againLines = try CLI.jsonLines(again.stdout)
    #expect(again.exitCode == 0 && againLines.count == 2, "\(again)")
    #expect(feed.requestCount(pathPrefix: "/pub/") == images)
  }

  @Test func anaglyphRectifiesThePairWithTheCameraModels() async throws {
    let feed = try Self.feed(tile: "01")
    defer { feed.stop() }
    let out = try Self.folder()
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try await Self.run(
      ["anaglyph", "perseverance", "--sol", "1110", "-o", out.path, "--format", "json", "--style", "color"], feed)
    #expect(result.exitCode == 0 && result.stderr.isEmpty, "\(result)")
    let lines = try CLI.jsonLines(result.stdout)
    #expect(lines.count == 1)
    for line in lines {
      #expect(line["rectification"] as? String == "camera_models" && line["vertical_shift"] is NSNull)
      #expect(line["style"] as? String == "color" && line["width"] as? Int == 1288)
      #expect((line["path"] as? String)?.hasSuffix("_color.png") == true)
    }
  }

  @Test func aPairWithoutModelsIsShiftedAndSaysSo() async throws {
    let feed = try Self.feed(tile: "01") { record in
      var camera = record["camera"] as? [String: Any] ?? [:]
      camera["camera_model_component_list"] = "UNK"
      camera["camera_model_type"] = "UNK"
      record["camera"] = camera
    }
    defer { feed.stop() }
    let out = try Self.folder()
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try await Self.run(
      [
        "anaglyph", "perseverance", "--sol", "1110", "--camera", "NAVCAM_LEFT,NAVCAM_RIGHT", "-o", out.path, "--format",
        "json",
      ], feed)
    #expect(result.exitCode == 0, "\(result)")
    let lines = try CLI.jsonLines(result.stdout)
    #expect(lines.first?["rectification"] as? String == "vertical_shift" && lines.first?["vertical_shift"] is Int)
    #expect(result.stderr.contains("neither eye has a camera model; aligned by a vertical shift"), "\(result.stderr)")
  }

  @Test func hostileTilesAndModelsFailWithOneLineAndCode65() async throws {
    let feed = try Self.feed { record in
      guard let id = record["imageid"] as? String else { return }
      var extended = record["extended"] as? [String: Any] ?? [:]
      var camera = record["camera"] as? [String: Any] ?? [:]
      if id.hasPrefix("NLF"), id.contains("_04_") { extended["subframeRect"] = "(4000,1,2576,1936)" }
      if id.hasPrefix("NRF"), id.contains("_04_") { extended["subframeRect"] = "(2545,1,2576,1800)" }
      // A NaN never reaches the command (the feed's reader drops a model it cannot read); a zero vector does.
      if id.hasPrefix("NLF") { camera["camera_model_component_list"] = "(1,0,0);(0,0,0);(0,1,0);(0,0,1)" }
      if id.hasPrefix("NLF") { camera["camera_model_type"] = "CAHV" }
      record["extended"] = extended
      record["camera"] = camera
    }
    defer { feed.stop() }
    let out = try Self.folder()
    defer { try? FileManager.default.removeItem(at: out) }
    let frames = try await Self.run(["assemble", "perseverance", "--sol", "1110", "-o", out.path], feed)
    #expect(frames.exitCode == 65, "\(frames)")
    let errors = frames.stderr.split(separator: "\n").filter { $0.hasPrefix("rover: ") && !$0.contains("warning") }
    #expect(errors.count == 2, "\(frames.stderr)")
    #expect(frames.stderr.contains("tile 4's subframe (4000,1,2576,1936) lies outside the 5120x3840 sensor"))
    #expect(frames.stderr.contains("tile is 1288x968 but its subframe 2576x1800 at scale 2 says 1288x900"))
    let pictures = try await Self.run(["anaglyph", "perseverance", "--sol", "1110", "-o", out.path], feed)
    #expect(pictures.exitCode == 65, "\(pictures)")
    #expect(pictures.stderr.contains("camera model's A is a zero vector"), "\(pictures.stderr)")
    // Nothing half-written: no temporary picture left, no picture of a refused frame.
    let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
    #expect(
      !names.contains { $0.contains(".png.") || $0.hasSuffix("_00_195J.png") || $0.hasSuffix("_grey.png") }, "\(names)")
  }

  @Test func anImageBombIsRefusedFromItsHeader() async throws {
    let feed = try Self.feed(bomb: "NRF_1110_0765465872_675ECM_N0512578NCAM13109_01")
    defer { feed.stop() }
    let out = try Self.folder()
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try await Self.run(["assemble", "perseverance", "--sol", "1110", "-o", out.path], feed)
    #expect(result.exitCode == 65, "\(result)")
    #expect(result.stderr.contains("declared size over the limit: 60000 x 60000"), "\(result.stderr)")
    // The left eye's frame is still made.
    #expect(result.stdout.split(separator: "\n").count == 1)
  }

  @Test func offlineUsesTheCachedListingAndTheFramesAlreadyInTheFolder() async throws {
    let feed = try Self.feed()
    let out = try Self.folder()
    let cache = try Self.folder()
    defer { for folder in [out, cache] { try? FileManager.default.removeItem(at: folder) } }
    let arguments = [
      "assemble", "perseverance", "--sol", "1110", "-o", out.path, "--format", "json", "--service", "nasa-raw",
      "--base-url", feed.baseURL.absoluteString,
    ]
    let environment = ["XDG_CACHE_HOME": cache.path]
    let online = try await CLI.run(arguments, environment: environment)
    #expect(online.exitCode == 0, "\(online)")
    feed.stop()
    let offline = try await CLI.run(arguments + ["--offline"], environment: environment)
    #expect(offline.exitCode == 0, "\(offline)")
    #expect(try CLI.jsonLines(offline.stdout).count == 2)
  }
}
