import Foundation
import RoverTestSupport
import Testing

/// `rover sync` against NASA's raw feeds on a local server whose data changes between runs: new sols, late
/// frames, re-sent versions.
@Suite struct SyncCommandTests {
  /// A Perseverance frame with a real product id's shape: seven fields, the last ending in the version digits.
  static func frame(sol: Int, _ index: Int, version: Int = 1, instrument: String = "NAVCAM_LEFT") -> MockRawImage {
    let date = MockDataset.earthDate(landingDate: "2021-02-18", sol: sol) ?? "2021-03-01"
    return MockRawImage(
      id: String(format: "NLF_%04d_06755283%02d_637ECM_N0040136NCAM00500_01_295J%02d", sol, index, version),
      mission: .mars2020, sol: sol, instrument: instrument, sampleType: "Full",
      dateTakenUTC: date + String(format: "T10:%02d:00.000", index), title: "Sol \(sol)")
  }

  /// Sols 10, 11 and 12, three frames each (the last of each a MASTCAM frame).
  static func feeds() throws -> MockRawFeeds {
    var sols: [Int: [MockRawImage]] = [:]
    for sol in 10...12 {
      sols[sol] = (0..<3).map { frame(sol: sol, $0, instrument: $0 == 2 ? "MCZ_LEFT" : "NAVCAM_LEFT") }
    }
    return try MockRawFeeds(dataset: MockRawDataset(imagesByRover: [MockRawDataset.perseverance: sols]))
  }

  func run(_ arguments: [String], _ feeds: MockRawFeeds, state: URL? = nil) async throws -> RoverProcessResult {
    try await CLI.run(arguments, against: feeds, environment: state.map { ["XDG_STATE_HOME": $0.path] } ?? [:])
  }

  func feedRequests(_ feeds: MockRawFeeds) -> Int {
    feeds.requests.filter { $0.path.hasPrefix("/rss/api") && $0.query("latest") == nil }.count
  }

  @Test func firstSyncThenOnlyWhatIsNew() async throws {
    let feeds = try Self.feeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let first = try await run(
      ["sync", "perseverance", "-o", dir.path, "--sol", "10..", "--name", "{sol}/{id}.{ext}"], feeds)
    #expect(first.exitCode == 0, "\(first)")
    #expect(imagesBelow(dir).count == 9, "\(imagesBelow(dir))")
    #expect(first.stderr.contains("sync: listed 3 sols"), "\(first.stderr)")

    // Right after: no image request, at most one listing request per sol of the window.
    feeds.server.resetLog()
    let again = try await run(["sync", "perseverance", "-o", dir.path], feeds)
    #expect(again.exitCode == 0, "\(again)")
    #expect(feeds.requestCount(pathPrefix: "/images/") == 0)
    #expect(feedRequests(feeds) <= 3, "\(feeds.requests.map(\.path))")

    // The feed publishes sol 15 and a late frame of sol 12 (in the 7-sol look-back window from 15): only those
    // two sols' new frames are fetched.
    feeds.update { data in
      data.imagesByRover[MockRawDataset.perseverance]?[15] = [Self.frame(sol: 15, 0), Self.frame(sol: 15, 1)]
      data.imagesByRover[MockRawDataset.perseverance]?[12]?.append(Self.frame(sol: 12, 7))
    }
    feeds.server.resetLog()
    let later = try await run(["sync", "perseverance", "-o", dir.path, "--json"], feeds)
    #expect(later.exitCode == 0, "\(later)")
    #expect(feeds.requestCount(pathPrefix: "/images/") == 3)
    #expect(imagesBelow(dir).count == 12)
    #expect(imagesBelow(dir).contains { $0.hasPrefix("15/") })
    let summary = try #require(try CLI.json(later.stdout) as? [String: Any])
    #expect(summary["downloaded"] as? Int == 3)
    #expect(summary["latest_sol"] as? Int == 15)
    #expect(summary["skipped"] as? Int == 9)
  }

  /// Outside the look-back window a finished sol is not listed again; inside it, it is.
  @Test func finishedSolsOutsideTheWindowAreNotListed() async throws {
    let feeds = try Self.feeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let first = try await run(["sync", "perseverance", "-o", dir.path, "--sol", "10.."], feeds)
    #expect(first.exitCode == 0, "\(first)")
    feeds.server.resetLog()
    let again = try await run(["sync", "perseverance", "-o", dir.path, "--lookback", "1"], feeds)
    #expect(again.exitCode == 0, "\(again)")
    #expect(again.stderr.contains("listed 1 sol (2 up to date"), "\(again.stderr)")
    #expect(feeds.requestCount(pathPrefix: "/images/") == 0)
  }

  /// A frame re-sent in a higher version replaces the lower one, file and sidecar; --all-versions keeps both.
  @Test func aResentVersionReplacesTheLowerOne() async throws {
    let feeds = try Self.feeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let args = ["sync", "perseverance", "-o", dir.path, "--sol", "12..12", "--name", "{id}.{ext}", "--metadata"]
    let first = try await run(args, feeds)
    #expect(first.exitCode == 0, "\(first)")
    let low = Self.frame(sol: 12, 0)
    #expect(imagesBelow(dir).contains(low.id + ".jpg"))
    let high = Self.frame(sol: 12, 0, version: 2)
    feeds.update { data in data.imagesByRover[MockRawDataset.perseverance]?[12]?.append(high) }
    let again = try await run(["sync", "perseverance", "-o", dir.path, "--metadata"], feeds)
    #expect(again.exitCode == 0, "\(again)")
    #expect(imagesBelow(dir).contains(high.id + ".jpg"))
    #expect(imagesBelow(dir).contains(high.id + ".jpg.json"))
    #expect(!imagesBelow(dir).contains(low.id + ".jpg"), "\(imagesBelow(dir))")
    #expect(!imagesBelow(dir).contains(low.id + ".jpg.json"))

    // A lower version listed again is not downloaded.
    feeds.server.resetLog()
    let third = try await run(["sync", "perseverance", "-o", dir.path], feeds)
    #expect(third.exitCode == 0, "\(third)")
    #expect(feeds.requestCount(pathPrefix: "/images/") == 0)

    let all = try TestDirectory.make("rover-cli")
    let kept = try await run(
      ["sync", "perseverance", "-o", all.path, "--sol", "12..12", "--name", "{id}.{ext}", "--all-versions"], feeds)
    #expect(kept.exitCode == 0, "\(kept)")
    #expect(imagesBelow(all).contains(low.id + ".jpg") && imagesBelow(all).contains(high.id + ".jpg"))
  }

  /// Two shards of one command line share a directory and cover every sol exactly once.
  @Test func shardsPartitionTheSols() async throws {
    let feeds = try Self.feeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    var solsByShard: [Set<String>] = []
    for shard in ["1/2", "2/2"] {
      let result = try await run(
        ["sync", "perseverance", "-o", dir.path, "--sol", "10..", "--name", "{sol}/{id}.{ext}", "--shard", shard],
        feeds)
      #expect(result.exitCode == 0, "\(result)")
      solsByShard.append(Set(imagesBelow(dir).map { String($0.prefix { $0 != "/" }) }))
    }
    #expect(solsByShard[0] == ["10", "12"])
    #expect(solsByShard[1] == ["10", "11", "12"])
    #expect(imagesBelow(dir).count == 9)
    #expect(feeds.requestCount(pathPrefix: "/images/") == 9)
    #expect(
      FileManager.default.fileExists(atPath: dir.appendingPathComponent(".rover-record.shard-1-of-2.sqlite").path))
    let bad = try await run(["sync", "perseverance", "-o", dir.path, "--shard", "3/2"], feeds)
    #expect(bad.exitCode == 64)
    #expect(bad.stderr.contains("--shard must be I/N"), "\(bad.stderr)")
  }

  /// Overlapping shards and an unsharded sync, run at once into one folder, take turns where they overlap: each
  /// photo is fetched once, and none is reported failed because another process put its file in place first.
  @Test func overlappingSyncsInOneFolderFetchEachPhotoOnce() async throws {
    var sols: [Int: [MockRawImage]] = [:]
    for sol in 10...21 { sols[sol] = (0..<4).map { Self.frame(sol: sol, $0) } }
    let feeds = try MockRawFeeds(dataset: MockRawDataset(imagesByRover: [MockRawDataset.perseverance: sols]))
    defer { feeds.stop() }
    feeds.inject(.delay(0.05), times: .max, pathPrefix: "/images/")
    let dir = try TestDirectory.make("rover-cli")
    let command = CLI.options(feeds) + ["sync", "perseverance", "-o", dir.path, "--sol", "10..", "-j", "2"]
    let children = try [["--shard", "1/2"], ["--shard", "1/3"], [], ["--shard", "2/3"], ["--shard", "2/2"]].map {
      try RoverProcess.start(command + $0, environment: CLI.fastRetries)
    }
    for child in children {
      let result = try await child.wait(timeout: 120)
      #expect(result.exitCode == 0, "\(result)")
      let failures = result.stderr.split(separator: "\n").filter { $0.contains("failed") && !$0.contains("failed 0,") }
      #expect(failures.isEmpty && result.stderr.contains("failed 0,"), "\(result.stderr)")
    }
    let images = feeds.requests.map(\.path).filter { $0.hasPrefix("/images/") }
    #expect(images.count == 48, "\(images.count) image requests for 48 photos")
    #expect(Set(images).count == 48)
    #expect(imagesBelow(dir).count == 48)
  }

  /// A record SQLite opens but finds damaged (one page overwritten) is set aside with one warning; the photos in
  /// place still count, so nothing is fetched again.
  @Test func aRecordWithADamagedPageIsSetAsideWithOneWarning() async throws {
    let feeds = try Self.feeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let first = try await run(["sync", "perseverance", "-o", dir.path, "--sol", "10.."], feeds)
    #expect(first.exitCode == 0, "\(first)")
    let record = try FileHandle(forUpdating: dir.appendingPathComponent(".rover-record.sqlite"))
    try record.seek(toOffset: 4 * 4096)
    try record.write(contentsOf: Data(repeating: 0xFF, count: 4096))
    try record.close()
    feeds.server.resetLog()
    let again = try await run(["sync", "perseverance", "-o", dir.path, "--sol", "10.."], feeds)
    #expect(again.exitCode == 0, "\(again)")
    let warnings = again.stderr.split(separator: "\n").filter { $0.contains("warning") }
    #expect(warnings.count == 1 && warnings[0].contains("was damaged"), "\(again.stderr)")
    #expect(feeds.requestCount(pathPrefix: "/images/") == 0)
  }

  /// The selection is remembered; new flags replace it, and sync says so.
  @Test func theSelectionIsRemembered() async throws {
    let feeds = try Self.feeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let first = try await run(["sync", "perseverance", "-o", dir.path, "--sol", "10..", "--camera", "MCZ_LEFT"], feeds)
    #expect(first.exitCode == 0, "\(first)")
    #expect(imagesBelow(dir).count == 3)
    let plain = try await run(["sync", "-o", dir.path], feeds)
    #expect(plain.exitCode == 0, "\(plain)")
    #expect(imagesBelow(dir).count == 3)
    #expect(!plain.stderr.contains("selection changes"))

    let dry = try await run(
      ["sync", "perseverance", "-o", dir.path, "--sol", "11..", "--camera", "all", "--dry-run", "--format", "urls"],
      feeds)
    #expect(dry.exitCode == 0, "\(dry)")
    #expect(dry.stdout.split(separator: "\n").count == 4, "\(dry.stdout)")
    #expect(dry.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("http://127.0.0.1:") })
    #expect(imagesBelow(dir).count == 3)

    let wider = try await run(["sync", "perseverance", "-o", dir.path, "--sol", "11..", "--camera", "all"], feeds)
    #expect(wider.exitCode == 0, "\(wider)")
    #expect(wider.stderr.contains("the selection changes from"), "\(wider.stderr)")
    #expect(imagesBelow(dir).count == 7)
  }

  /// A dry run is a run that writes nothing: not the folder, not its record or lock, not the record's run number.
  @Test func aDryRunWritesNothing() async throws {
    let feeds = try Self.feeds()
    defer { feeds.stop() }
    let parent = try TestDirectory.make("rover-cli")
    let fresh = parent.appendingPathComponent("not-yet")
    let planned = try await run(["sync", "perseverance", "-o", fresh.path, "--sol", "10..", "--dry-run"], feeds)
    #expect(planned.exitCode == 0, "\(planned)")
    #expect(planned.stdout.split(separator: "\n").count == 9, "\(planned.stdout)")
    #expect(!FileManager.default.fileExists(atPath: fresh.path))

    let mirror = parent.appendingPathComponent("mirror")
    let first = try await run(["sync", "perseverance", "-o", mirror.path, "--sol", "11.."], feeds)
    #expect(first.exitCode == 0, "\(first)")
    let before = try Self.snapshot(mirror)
    let again = try await run(["sync", "perseverance", "-o", mirror.path, "--sol", "10..", "--dry-run"], feeds)
    #expect(again.exitCode == 0, "\(again)")
    #expect(again.stdout.split(separator: "\n").count == 3, "sol 10's three: \(again.stdout)")
    #expect(try Self.snapshot(mirror) == before)
  }

  /// A run stopped by a usage error in a folder it started leaves nothing behind there.
  @Test func aUsageErrorLeavesNoRecordBehind() async throws {
    let feeds = try Self.feeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli").appendingPathComponent("mirror")
    let result = try await run(
      ["sync", "perseverance", "-o", dir.path, "--sol", "10..", "--name", "{sol}.{ext}"], feeds)
    #expect(result.exitCode == 64, "\(result)")
    let left = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    #expect(left.isEmpty, "\(left)")
  }

  /// Every file below `dir` with its bytes.
  static func snapshot(_ dir: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let paths = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
    for path in paths {
      let url = dir.appendingPathComponent(path)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
        files[path] = try Data(contentsOf: url)
      }
    }
    return files
  }

  /// Restating one part of a remembered selection keeps the others: `--camera` added to a `--sol 11..` mirror
  /// narrows it to that camera from sol 11 on, never widening it to the whole mission; the change is said first.
  @Test func aRestatedPartKeepsTheRest() async throws {
    let feeds = try Self.feeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let first = try await run(["sync", "perseverance", "-o", dir.path, "--sol", "11.."], feeds)
    #expect(first.exitCode == 0, "\(first)")
    #expect(imagesBelow(dir).count == 6)
    let narrowed = try await run(
      ["sync", "perseverance", "-o", dir.path, "--camera", "MCZ_LEFT", "--json"], feeds)
    #expect(narrowed.exitCode == 0, "\(narrowed)")
    #expect(narrowed.stderr.contains("to 'perseverance --sol 11.. --camera MCZ_LEFT"), "\(narrowed.stderr)")
    #expect(imagesBelow(dir).count == 6, "sol 10 was never part of the mirror")
    let summary = try #require(try CLI.json(narrowed.stdout) as? [String: Any])
    #expect(summary["downloaded"] as? Int == 0, "\(summary)")
  }

  /// A camera-narrowed mirror lists a finished sol once: a sol where the camera took nothing is finished too,
  /// though the service counts other cameras' photos in it (every such sol was listed again on every run).
  @Test func aSolWithoutTheCamerasPhotosIsFinished() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let arguments = [
      "sync", "curiosity", "-o", dir.path, "--sol", "1000..1004", "--camera", "MAHLI", "--lookback", "0",
    ]
    let first = try await CLI.run(arguments, against: api)
    #expect(first.exitCode == 0, "\(first)")
    api.server.resetLog()
    let again = try await CLI.run(["sync", "-o", dir.path, "--lookback", "0"], against: api)
    #expect(again.exitCode == 0, "\(again)")
    #expect(
      api.requestCount(pathPrefix: "/api/v1/rovers/curiosity/photos") == 0,
      "\(api.server.requests.map { "\($0.path) \($0.queryItems)" })")
  }

  /// A sync killed part-way continues where it stopped: nothing fetched twice that was finished.
  @Test func aKilledSyncResumes() async throws {
    let feeds = try Self.feeds()
    defer { feeds.stop() }
    feeds.inject(.delay(0.4), times: .max, pathPrefix: "/images/")
    let dir = try TestDirectory.make("rover-cli")
    let child = try RoverProcess.start(
      CLI.options(feeds) + ["sync", "perseverance", "-o", dir.path, "--sol", "10..", "-j", "1"],
      environment: CLI.fastRetries)
    try await child.waitUntil("a few photos in place", timeout: 30) { _ in imagesBelow(dir).count >= 2 }
    child.send(signal: SIGTERM)
    let stopped = try await child.wait(timeout: 20)
    #expect(stopped.exitCode == 143, "\(stopped)")
    let done = imagesBelow(dir)
    #expect(done.count < 9)
    let firstRequests = feeds.requestCount(pathPrefix: "/images/")
    let resumed = try await run(["sync", "perseverance", "-o", dir.path], feeds)
    #expect(resumed.exitCode == 0, "\(resumed)")
    #expect(imagesBelow(dir).count == 9)
    // Only the photos not yet in place (and the one cut off by the signal) were asked for again.
    #expect(feeds.requestCount(pathPrefix: "/images/") - firstRequests == 9 - done.count)
  }
}
