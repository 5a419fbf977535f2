import Foundation
import RoverImaging
import RoverTestSupport
import Testing

/// `rover sequences --movies` and `rover animate` through the built binary, against a local Curiosity feed listing
/// real Navcam names (`MovieFeed`); the frames' pixels are constructed (a bright square moving right).
@Suite struct AnimateCommandTests {
  static let dustDevil = [
    "NRB_674556998EDR_S0880366NCAM00595M_", "NRB_674557011EDR_S0880366NCAM00595M_",
    "NRB_674557024EDR_S0880366NCAM00595M_",
  ]

  static func frames(_ sizes: [(Int, Int)?] = [nil, nil, nil]) throws -> [String: Data] {
    var images: [String: Data] = [:]
    for (index, name) in dustDevil.enumerated() {
      let size = sizes[index] ?? (40, 24)
      images[name] = try MovieFeed.png(width: size.0, height: size.1, blobX: 4 + index * 10)
    }
    return images
  }

  @Test func sequencesListsMoviesInEveryFormat() async throws {
    let feed = try MovieFeed()
    let table = try await feed.run(["sequences", "curiosity", "--sol", "3121", "--movies"])
    #expect(table.exitCode == 0 && table.stderr.isEmpty, "\(table)")
    let rows = table.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    #expect(rows.first == ["SOL", "MOVIE", "FRAMES", "FIRST SCLK", "LAST SCLK", "CADENCE S", "DURATION S", "CAMERA"])
    #expect(
      rows.dropFirst().first == [
        "3121", "3121-NCAM00595-right-01", "3", "674556998", "674557024", "13", "26", "NAV_RIGHT_B",
      ])
    let csv = try await feed.run(["sequences", "curiosity", "--sol", "3115..3123", "--movies", "--format", "csv"])
    #expect(csv.stdout.split(separator: "\n").count == 7, "a header and six movies: \(csv)")
    let lines = try CLI.jsonLines(
      try await feed.run(["sequences", "curiosity", "--sol", "3118", "--movies", "--format", "jsonl"]).stdout)
    #expect(lines.count == 1 && lines[0]["cadence_seconds"] as? Double == 25 && lines[0]["frames"] as? Int == 3)
    let json = try CLI.jsonArray(
      try await feed.run(["sequences", "curiosity", "--sol", "3117", "--movies", "--json"]).stdout)
    #expect(json.isEmpty, "two left frames and one right are no movie")
  }

  /// The GIF decodes (giflib) with one frame per photo and the real 13 s gaps at 50×; a re-run downloads nothing.
  @Test func aDustDevilSequenceBecomesAGIF() async throws {
    let feed = try MovieFeed(images: try Self.frames())
    let output = try TestDirectory.make()
    let arguments = ["animate", "curiosity", "--sol", "3121", "--sequence", "ncam00595", "-o", output.path, "--json"]
    let result = try await feed.run(arguments)
    #expect(result.exitCode == 0, "\(result)")
    let line = try #require(try CLI.jsonLines(result.stdout).first)
    #expect(line["id"] as? String == "3121-NCAM00595-right-01" && line["frames"] as? Int == 3)
    #expect(line["skipped"] as? Int == 0 && line["width"] as? Int == 40 && line["play_seconds"] as? Double == 0.78)
    let gif = try #require(GIFFile(path: output.appendingPathComponent("3121-NCAM00595-right-01.gif").path))
    #expect(gif.frames == 3 && gif.delays == [26, 26, 26] && gif.loops == 0 && gif.width == 40)
    let images = feed.server.requestCount(pathPrefix: "/images/")
    #expect(images == 3)
    let again = try await feed.run(arguments + ["--fps", "4"])
    #expect(again.exitCode == 0 && feed.server.requestCount(pathPrefix: "/images/") == images, "\(again)")
    #expect(GIFFile(path: output.appendingPathComponent("3121-NCAM00595-right-01.gif").path)?.delays == [25, 25, 25])
  }

  @Test func diffAndNumberedFrames() async throws {
    let feed = try MovieFeed(images: try Self.frames())
    let output = try TestDirectory.make()
    let base = ["animate", "curiosity", "--sol", "3121", "-o", output.path]
    let diff = try await feed.run(base + ["--diff", "--speed", "10"])
    #expect(diff.exitCode == 0 && diff.stdout.hasPrefix("3121-NCAM00595-right-01\t3 frames\t40x24\t"), "\(diff)")
    let gif = try #require(GIFFile(path: output.appendingPathComponent("3121-NCAM00595-right-01.gif").path))
    #expect(gif.frames == 3 && gif.delays == [130, 130, 130])
    let frames = try await feed.run(base + ["--format", "frames"])
    #expect(frames.exitCode == 0, "\(frames)")
    let directory = output.appendingPathComponent("3121-NCAM00595-right-01")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
        "00001.png", "00002.png", "00003.png",
      ])
    let second = try ImageCodec.decode(contentsOf: directory.appendingPathComponent("00002.png").path)
    #expect(second.width == 40 && second.sample(x: 16, y: 6, channel: 0) == 250)
  }

  /// A frame of another size is left out with one warning naming it; with fewer than two left, the movie fails
  /// with 65 and no GIF.
  @Test func mixedSizesWarnAndTooFewFail() async throws {
    let output = try TestDirectory.make()
    let mixed = try MovieFeed(images: try Self.frames([nil, nil, (30, 30)]))
    let result = try await mixed.run(["animate", "curiosity", "--sol", "3121", "-o", output.path])
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stderr.contains(
        "rover: movie 3121-NCAM00595-right-01: left out 1 frame: "
          + "curiosity_3121_NAV_RIGHT_B_NRB_674557024EDR_S0880366NCAM00595M_.jpg is 30x30, not 40x24"), "\(result)")
    #expect(GIFFile(path: output.appendingPathComponent("3121-NCAM00595-right-01.gif").path)?.frames == 2)
    var broken = try Self.frames([nil, (8, 8), nil])
    broken[Self.dustDevil[2]] = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
    let fresh = try TestDirectory.make()
    let failed = try await MovieFeed(images: broken).run(["animate", "curiosity", "--sol", "3121", "-o", fresh.path])
    #expect(failed.exitCode == 65, "\(failed)")
    #expect(failed.stderr.contains("only 1 of 3 frames of 3121-NCAM00595-right-01 decode at one size"))
    #expect(!FileManager.default.fileExists(atPath: fresh.appendingPathComponent("3121-NCAM00595-right-01.gif").path))
  }

  /// One frame per site and drive over a range, in drive order: the real names' drives 0, 114, 156 and 366 of
  /// site 88 (the earliest frame at each), shown at the steady default of 4 frames a second.
  @Test func perDriveMakesOneFramePerDrive() async throws {
    let names = try MovieFeed().names.values.joined()
    var images: [String: Data] = [:]
    for (index, name) in names.sorted().enumerated() { images[name] = try MovieFeed.png(blobX: index) }
    let feed = try MovieFeed(images: images)
    let output = try TestDirectory.make()
    let result = try await feed.run([
      "animate", "curiosity", "--sol", "3115..3123", "--camera", "NAV_LEFT_B", "--per-drive", "-o", output.path,
      "--json",
    ])
    #expect(result.exitCode == 0, "\(result)")
    let lines = try CLI.jsonLines(result.stdout)
    #expect(lines.map { $0["id"] as? String } == ["drives-NAV_LEFT_B-3116-3120"])
    #expect(lines.first?["frames"] as? Int == 4 && lines.first?["sequence"] is NSNull)
    let gif = try #require(GIFFile(path: output.appendingPathComponent("drives-NAV_LEFT_B-3116-3120.gif").path))
    #expect(gif.frames == 4 && gif.delays == [25, 25, 25, 25])
    #expect(feed.server.requestCount(pathPrefix: "/images/") == 4, "only the frames kept are downloaded")
  }

  @Test func badFlagsAreRefusedBeforeAnyRequest() async throws {
    let feed = try MovieFeed()
    for flags in [
      ["--speed", "0"], ["--speed", "2", "--fps", "3"], ["--fps", "nan"], ["--per-drive", "--sequence", "X"],
    ] {
      let result = try await feed.run(["animate", "curiosity", "--sol", "3121", "-o", "/tmp/x"] + flags)
      #expect(result.exitCode == 64, "\(flags): \(result)")
    }
    #expect(feed.server.requestCount(pathPrefix: "/") == 0)
  }
}
