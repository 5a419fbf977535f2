import Foundation
import RoverTestSupport
import Testing

/// Whole missions: sol and date ranges, several cameras, limits, streaming output, and the ranges refused
/// before any photo is listed.
@Suite struct PhotoRangeTests {
  func ids(_ result: RoverProcessResult) throws -> [Int] {
    try CLI.jsonLines(result.stdout).compactMap { $0["id"] as? Int }
  }

  @Test(arguments: [MockServiceShape.original, .marsVista])
  func solRangeListsEverySolInOrder(shape: MockServiceShape) async throws {
    let api = try MockRoverAPI(shape: shape)
    defer { api.stop() }
    let result = try await CLI.run(
      ["photos", "curiosity", "--sol", "1000..1010", "--format", "jsonl"], against: api,
      service: shape == .marsVista ? "marsvista" : nil)
    #expect(result.exitCode == 0, "\(result)")
    let expected = [1000, 1001, 1002, 1004, 1007, 1010].flatMap { api.dataset.photos(rover: "Curiosity", sol: $0) }
    #expect(try ids(result) == expected.map(\.id))
    // Only sols with photos are asked for: none for 1003, 1005, 1006, 1008, 1009.
    #expect(!api.requests.contains { $0.query("sol") == "1003" })
  }

  @Test func openRangeRunsToTheLatestSol() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(["photos", "curiosity", "--sol", "1007..", "--format", "urls"], against: api)
    let expected = [1007, 1010].flatMap { api.dataset.photos(rover: "Curiosity", sol: $0) }.map { api.imgSrc(for: $0) }
    #expect(result.stdout.split(separator: "\n").map(String.init) == expected)
  }

  @Test func camerasRepeatedOrCommaListedAndALimit() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let both = try await CLI.run(
      ["photos", "curiosity", "--sol", "1000..1001", "--camera", "fhaz", "--camera", "MAST", "--format", "jsonl"],
      against: api)
    let listed = try CLI.jsonLines(both.stdout)
    #expect(!listed.isEmpty)
    #expect(listed.allSatisfy { ["FHAZ", "MAST"].contains(($0["camera"] as? [String: Any])?["name"] as? String) })
    let expected = [1000, 1001].flatMap { sol in
      ["FHAZ", "MAST"].flatMap { api.dataset.photos(rover: "Curiosity", sol: sol, camera: $0) }
    }
    #expect(Set(try ids(both)) == Set(expected.map(\.id)))
    let comma = try await CLI.run(
      ["photos", "curiosity", "--sol", "1000..1001", "--camera", "fhaz,mast", "--format", "jsonl"], against: api)
    #expect(Set(try ids(comma)) == Set(try ids(both)))
    // A limit cuts a sol short by request: no "listed 10 of the 25" warning, and --strict is satisfied.
    let limited = try await CLI.run(
      ["photos", "curiosity", "--sol", "1000..1010", "--limit", "70", "--format", "jsonl", "--strict"], against: api)
    #expect(try ids(limited).count == 70)
    #expect(limited.exitCode == 0, "\(limited)")
    #expect(!limited.stderr.contains("listed"), "\(limited.stderr)")
  }

  @Test func jsonStaysOneValidArray() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(["photos", "curiosity", "--sol", "1000..1002", "--json"], against: api)
    let photos = try CLI.jsonArray(result.stdout)
    #expect(photos.count == 60 + 25 + 26)
    let empty = try await CLI.run(["photos", "curiosity", "--sol", "1005..1006", "--json"], against: api)
    #expect(empty.exitCode == 0)
    #expect(try CLI.jsonArray(empty.stdout).isEmpty)
  }

  @Test func earthDateRangeKeepsThoseDays() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let first = try #require(api.dataset.earthDate(rover: "Curiosity", sol: 1000))
    let last = try #require(api.dataset.earthDate(rover: "Curiosity", sol: 1002))
    let result = try await CLI.run(
      ["photos", "curiosity", "--earth-date", "\(first)..\(last)", "--format", "jsonl"], against: api)
    #expect(result.exitCode == 0, "\(result)")
    let dates = Set(try CLI.jsonLines(result.stdout).compactMap { $0["earth_date"] as? String })
    #expect(dates.allSatisfy { $0 >= first && $0 <= last })
    #expect(try ids(result).count == 60 + 25 + 26)
  }

  @Test(arguments: [
    (["--sol", "1005..1000"], "1005..1000"),
    (["--sol", "1000..2000"], "0..1010"),
    (["--sol", "3000.."], "3000"),
    (["--earth-date", "2000-01-01..2000-01-05"], "2012-08-06"),
    (["--earth-date", "2015-06-01..2015-05-01"], "2015-06-01..2015-05-01"),
    (["--sol", "1000", "--camera", "hubble"], "FHAZ"),
  ])
  func impossibleRangesAre64(arguments: [String], mentioning text: String) async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(["photos", "curiosity"] + arguments, against: api)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains(text), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
    #expect(api.requestCount(pathPrefix: "/api/v1/rovers/curiosity/photos") == 0)
  }

  @Test func aCameraTheServiceInventedIsAccepted() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    // Not in rover's own table for Curiosity, but in the manifest's camera lists only if the service reports it:
    // a name from the raw-feed era (api-reference 1.7) that the catalog knows is fine even when nothing shot.
    let result = try await CLI.run(
      ["photos", "curiosity", "--sol", "1000..1001", "--camera", "NAV_LEFT_B", "--json"], against: api)
    #expect(result.exitCode == 0, "\(result)")
    #expect(try CLI.jsonArray(result.stdout).isEmpty)
  }

  @Test func fetchImageDownloadsARangeByCamera() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let result = try await CLI.run(
      [
        "fetch-image", "curiosity", "--sol", "1000..1002", "--camera", "fhaz", "-o", dir.path, "--name",
        "{sol}/{camera}/{id}.{ext}",
      ], against: api)
    #expect(result.exitCode == 0, "\(result)")
    let expected = (1000...1002).flatMap { api.dataset.photos(rover: "Curiosity", sol: $0, camera: "FHAZ") }
    #expect(images(dir) == expected.map { "\($0.sol)/FHAZ/\($0.id).jpg" }.sorted())
  }

  @Test func dryRunPrintsPathsAndTouchesNothing() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli").appendingPathComponent("not-yet")
    let result = try await CLI.run(
      ["fetch-image", "curiosity", "--sol", "1004..1004", "-o", dir.path, "--name", "{sol}/{id}.{ext}", "--dry-run"],
      against: api)
    #expect(result.exitCode == 0, "\(result)")
    // Absolute, as the real run's --format paths prints them.
    let expected = api.dataset.photos(rover: "Curiosity", sol: 1004).map {
      dir.appendingPathComponent("1004/\($0.id).jpg").path
    }
    #expect(result.stdout.split(separator: "\n").map(String.init) == expected)
    #expect(api.requestCount(pathPrefix: "/images/") == 0)
    #expect(!FileManager.default.fileExists(atPath: dir.path))
  }

  /// A dry run's `--json` is the real run's record but for the status: same keys, types and path form.
  @Test func dryRunJSONIsTheRealRunsRecord() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let arguments = ["fetch-image", "curiosity", "--sol", "1004", "-o", dir.path, "--json"]
    let dry = try CLI.jsonLines(try await CLI.run(arguments + ["--dry-run"], against: api).stdout)
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(".rover-record.sqlite").path))
    let real = try CLI.jsonLines(try await CLI.run(arguments, against: api).stdout)
    #expect(dry.count == real.count && !dry.isEmpty)
    for (planned, done) in zip(dry.sorted(by: Self.byPath), real.sorted(by: Self.byPath)) {
      #expect(planned["status"] as? String == "planned")
      #expect(done["status"] as? String == "downloaded")
      for key in ["id", "rover", "sol", "camera", "img_src", "path"] {
        #expect("\(planned[key] ?? "nil")" == "\(done[key] ?? "nil")", "\(key)")
        #expect(type(of: planned[key] as Any) == type(of: done[key] as Any), "\(key)")
      }
      #expect(planned["id"] is NSNumber)
      #expect(planned["rover"] as? String == "curiosity")
      #expect((planned["path"] as? String)?.hasPrefix(dir.path + "/") == true)
    }
  }

  static func byPath(_ lhs: [String: Any], _ rhs: [String: Any]) -> Bool {
    (lhs["path"] as? String ?? "") < (rhs["path"] as? String ?? "")
  }

  /// `--name '{sol}.{ext}'` used to report 60 downloaded and leave one file.
  @Test func aTemplateThatCannotTellPhotosApartIsRefused() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let result = try await CLI.run(
      ["fetch-image", "curiosity", "--sol", "1000", "-o", dir.path, "--name", "{sol}.{ext}"], against: api)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("{id}"), "\(result)")
    #expect(api.requestCount(pathPrefix: "/images/") == 0)
  }

  @Test func missingSidecarsAreWrittenForPhotosAlreadyThere() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    _ = try await CLI.run(["fetch-image", "curiosity", "--sol", "1004", "-o", dir.path], against: api)
    let before = api.requestCount(pathPrefix: "/images/")
    let again = try await CLI.run(
      ["fetch-image", "curiosity", "--sol", "1004", "-o", dir.path, "--metadata"], against: api)
    #expect(again.exitCode == 0, "\(again)")
    #expect(api.requestCount(pathPrefix: "/images/") == before)
    #expect(filesBelow(dir).filter { $0.hasSuffix(".jpg.json") }.count == 3)
  }

  func images(_ dir: URL) -> [String] {
    filesBelow(dir).filter { !$0.hasPrefix(".rover-record") && !$0.hasSuffix(".json") }
  }
}

/// What users pipe into `fetch-image -`.
@Suite struct FetchImageInputTests {
  static func photos(_ api: MockRoverAPI) -> [MockPhoto] { api.dataset.photos(rover: "Curiosity", sol: 1004) }

  func run(_ stdin: String, _ api: MockRoverAPI) async throws -> (RoverProcessResult, [String]) {
    let dir = try TestDirectory.make("rover-cli")
    let result = try await CLI.run(["fetch-image", "-", "-o", dir.path], against: api, stdin: Data(stdin.utf8))
    return (result, imagesBelow(dir))
  }

  @Test func jsonArrayJSONLinesAndOneObject() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let array = try await CLI.run(["photos", "curiosity", "--sol", "1004", "--json"], against: api)
    let lines = try await CLI.run(["photos", "curiosity", "--sol", "1004", "--format", "jsonl"], against: api)
    let id = Self.photos(api)[0].id
    let one = try await CLI.run(["photo", String(id), "--json"], against: api)
    for (input, count) in [(array.stdout, 3), (lines.stdout, 3), (one.stdout, 1)] {
      let (result, files) = try await run(input, api)
      #expect(result.exitCode == 0, "\(result)")
      #expect(files.count == count, "\(files)")
    }
  }

  @Test func urlsOneALineAreNamedAfterTheirFiles() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let urls = try await CLI.run(["photos", "curiosity", "--sol", "1004", "--format", "urls"], against: api)
    let (result, files) = try await run(urls.stdout, api)
    #expect(result.exitCode == 0, "\(result)")
    let expected = Self.photos(api).map { URL(string: api.imgSrc(for: $0))?.lastPathComponent ?? "" }
    #expect(files == expected.sorted())
  }

  @Test func idsOneALineAreLookedUp() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let ids = Self.photos(api).map { String($0.id) }.joined(separator: "\n") + "\n"
    let (result, files) = try await run(ids, api)
    #expect(result.exitCode == 0, "\(result)")
    #expect(files.count == 3)
  }

  /// One default template for ids as arguments and ids piped in: the same photo gets the same name, so the second
  /// run finds it in place and downloads nothing.
  @Test func idsPipedInAreNamedLikeIdsAsArguments() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let id = String(Self.photos(api)[0].id)
    let first = try await CLI.run(["fetch-image", id, "-o", dir.path], against: api)
    #expect(first.exitCode == 0, "\(first)")
    let named = imagesBelow(dir)
    #expect(named.count == 1)
    api.server.resetLog()
    let second = try await CLI.run(["fetch-image", "-", "-o", dir.path], against: api, stdin: Data("\(id)\n".utf8))
    #expect(second.exitCode == 0, "\(second)")
    #expect(second.stderr.contains("downloaded 0, skipped 1, failed 0"), "\(second.stderr)")
    #expect(api.requestCount(pathPrefix: "/images/") == 0)
    #expect(imagesBelow(dir) == named)
  }
}
