import Foundation
import RoverTestSupport
import Testing

/// `rover pairs` and `rover sequences` through the built binary, against a local Perseverance feed that replays
/// the 22 real records of `RoverCoreTests/Fixtures/frames/m2020-records.json` (read beside this file: this target
/// has no resources).
@Suite struct PairsCommandTests {
  static let sol60Left = "NLF_0060_0672265209_237EBY_N0032046NCAM00410_00_0LLJ"
  static let sol60Right = "NRE_0060_0672265209_237ECM_N0032046NCAM00410_00_0LLJ"

  /// The feed: `latest=true` gives the summary, `sol=N` the records of that sol on page 0, anything else none.
  static func feed() throws -> TestHTTPServer {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let data = try Data(contentsOf: tests.appendingPathComponent("RoverCoreTests/Fixtures/frames/m2020-records.json"))
    let records = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    let bySol = Dictionary(grouping: records) { $0["sol"] as? Int ?? -1 }
    let pages = try bySol.mapValues { images in
      try JSONSerialization.data(withJSONObject: [
        "images": images, "per_page": "100", "total_results": images.count, "page": 0, "mission": "mars2020",
        "total_images": images.count,
      ])
    }
    let latest = try JSONSerialization.data(withJSONObject: [
      "latest_sol": bySol.keys.max() ?? 0, "total": records.count, "type": "mars2020-latest-images-1.1",
    ])
    let empty = Data(#"{"images":[],"per_page":"100","total_results":0,"page":0}"#.utf8)
    return try TestHTTPServer { request in
      if request.query("latest") == "true" { return .json(data: latest) }
      let sol = request.query("sol").flatMap(Int.init) ?? -1
      let page = request.query("page").flatMap(Int.init) ?? 0
      return .json(data: page == 0 ? pages[sol] ?? empty : empty)
    }
  }

  static func run(_ arguments: [String], _ feed: TestHTTPServer) async throws -> RoverProcessResult {
    try await CLI.run(arguments + ["--service", "nasa-raw", "--base-url", feed.baseURL.absoluteString])
  }

  @Test func jsonIsAnArrayOfPairsWithWholePhotos() async throws {
    let feed = try Self.feed()
    defer { feed.stop() }
    let result = try await Self.run(["pairs", "perseverance", "--sol", "60", "--json"], feed)
    #expect(result.exitCode == 0 && result.stderr.isEmpty, "\(result)")
    let pairs = try CLI.jsonArray(result.stdout)
    let pair = try #require(pairs.first)
    #expect(pairs.count == 1)
    #expect(
      Set(pair.keys) == [
        "left", "right", "sclk_difference", "azimuth_difference", "elevation_difference", "cross_product",
      ])
    let left = try #require(pair["left"] as? [String: Any])
    let right = try #require(pair["right"] as? [String: Any])
    #expect(left["id"] as? String == Self.sol60Left && right["id"] as? String == Self.sol60Right)
    #expect(left["eye"] as? String == "left" && right["eye"] as? String == "right")
    #expect(left["product"] as? String == "EBY" && right["product"] as? String == "ECM")
    #expect((left["img_src"] as? String)?.hasSuffix("J01_1200.jpg") == true && left["sclk"] as? Double != nil)
    #expect(pair["sclk_difference"] as? Double == 0)
    // The sol-60 exposure's feed records are a debayered left and a raw right only: a two-product pair, said.
    #expect(pair["cross_product"] as? Bool == true)
    #expect(pair["azimuth_difference"] as? Double == 0.333)
    #expect(pair["elevation_difference"] as? Double == 0.20385)
  }

  /// A range is listed sol by sol: every photo once, pairs only within a sol, lone frames with a null side.
  @Test func aRangeListsEveryPhotoOnceInJSONLines() async throws {
    let feed = try Self.feed()
    defer { feed.stop() }
    let result = try await Self.run(["pairs", "perseverance", "--sol", "1100..1176", "--format", "jsonl"], feed)
    #expect(result.exitCode == 0, "\(result)")
    let lines = try CLI.jsonLines(result.stdout)
    let sides = lines.map { line in
      ["left", "right"].map { (line[$0] as? [String: Any])?["id"] as? String }
    }
    #expect(lines.count == 3, "two tile pairs on sol 1110, one pair on 1176")
    #expect(sides.allSatisfy { $0[0]?.dropFirst(2) == $0[1]?.dropFirst(2) })
    let sols = lines.compactMap { ($0["left"] as? [String: Any])?["sol"] as? Int }
    #expect(sols == [1110, 1110, 1176])
    let lone = try await Self.run(["pairs", "perseverance", "--sol", "557", "--format", "jsonl"], feed)
    let line = try #require(try CLI.jsonLines(lone.stdout).first)
    #expect(line["left"] is NSNull && (line["right"] as? [String: Any])?["eye"] as? String == "right")
    #expect(line["sclk_difference"] is NSNull)
  }

  @Test func tableAndCSVShowOneLineAPair() async throws {
    let feed = try Self.feed()
    defer { feed.stop() }
    let table = try await Self.run(["pairs", "perseverance", "--sol", "60"], feed)
    #expect(table.exitCode == 0, "\(table)")
    #expect(
      table.stdout
        == "SOL\tLEFT\tRIGHT\tSCLK DIFF\tAZ DIFF\tEL DIFF\n60\t\(Self.sol60Left)\t\(Self.sol60Right)\t0\t0.333\t0.20385\n"
    )
    let csv = try await Self.run(["pairs", "perseverance", "--sol", "1400", "--format", "csv"], feed)
    let rows = csv.stdout.split(separator: "\n")
    #expect(rows.first?.hasPrefix("sol,left_id,right_id,left_img_src,right_img_src,sclk_difference") == true)
    #expect(rows.count == 3 && rows.dropFirst().allSatisfy { $0.hasPrefix("1400,NLF_1400_") && $0.hasSuffix(",,,,") })
  }

  @Test func sequencesPutTheSuperCamNavcamFrameUnderItsSequence() async throws {
    let feed = try Self.feed()
    defer { feed.stop() }
    let result = try await Self.run(["sequences", "perseverance", "--sol", "1020", "--format", "csv"], feed)
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stdout
        == "sol,sequence,count,cameras,eyes,first_lmst,last_lmst,tiles\n"
        + "1020,SCAM02020,1,NAVCAM_LEFT,left,09:07:06.120,09:07:06.120,\n")
    let json = try await Self.run(["sequences", "perseverance", "--sol", "1110", "--json"], feed)
    let sequence = try #require(try CLI.jsonArray(json.stdout).first)
    #expect(sequence["sequence"] as? String == "NCAM13109" && sequence["count"] as? Int == 4)
    #expect(sequence["tiles"] as? [Int] == [1, 4] && sequence["eyes"] as? [String] == ["left", "right"])
  }

  @Test(arguments: [["pairs", "perseverance"], ["pairs", "perseverance", "--sol", "1..x"], ["sequences", "x y"]])
  func badUsageIsOneLineAndExit64(arguments: [String]) async throws {
    let result = try await CLI.run(arguments)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("rover: ") && result.stderr.split(separator: "\n").count == 1, "\(result)")
  }
}
