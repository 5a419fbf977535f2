import Foundation
import RoverTestSupport
import Testing

/// `--service pds` end to end against a local PDS Imaging Atlas: Solr searches in, browse JPEGs sent as
/// `application/octet-stream` out.
@Suite struct PDSServiceTests {
  @Test func photosOfASolAsJSON() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let result = try await CLI.run(["photos", "opportunity", "--sol", "100", "--json"], against: pds)
    #expect(result.exitCode == 0, "\(result)")
    let photos = try CLI.jsonArray(result.stdout)
    let expected = pds.listed(rover: "opportunity", sol: 100)
    #expect(photos.compactMap { $0["id"] as? String } == expected.map(\.productID))
    #expect(
      photos.compactMap { $0["img_src"] as? String }
        == expected.map { pds.server.baseURL.absoluteString + $0.browsePath })
    #expect(photos.allSatisfy { $0["earth_date"] as? String == "2004-05-05" && $0["sol"] as? Int == 100 })
    let reference = try #require(photos.first { $0["id"] as? String == "1N137056144ILF2002P1825R0M1" })
    #expect(reference["date_taken"] as? String == "2004-05-05T19:08:30Z")
    #expect((reference["camera"] as? [String: Any])?["name"] as? String == "NAVCAM")
    #expect((reference["rover"] as? [String: Any])?["status"] as? String == "complete")
  }

  @Test func rangesOfSolsAndDatesAndTheCache() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let cache = try TestDirectory.make("rover-cli")
    let env = ["XDG_CACHE_HOME": cache.path]
    let range = try await CLI.run(
      ["photos", "spirit", "--sol", "1..", "--format", "jsonl", "--strict"], against: pds, environment: env)
    #expect(range.exitCode == 0, "\(range)")
    #expect(
      try CLI.jsonLines(range.stdout).compactMap { $0["id"] as? String } == pds.listed(rover: "spirit").map(\.productID)
    )
    let count = pds.requestCount
    let again = try await CLI.run(
      ["photos", "spirit", "--sol", "1..", "--format", "jsonl"], against: pds, environment: env)
    #expect(again.stdout == range.stdout)
    #expect(pds.requestCount == count, "a complete mission's answers are cached")
    let dates = try await CLI.run(
      ["photos", "opportunity", "--earth-date", "2004-05-05..2004-05-06", "--json"], against: pds)
    #expect(dates.exitCode == 0, "\(dates)")
    let expected = pds.listed(rover: "opportunity", sol: 100) + pds.listed(rover: "opportunity", sol: 101)
    #expect(try CLI.jsonArray(dates.stdout).compactMap { $0["id"] as? String } == expected.map(\.productID))
  }

  @Test func manifestAndSolsFromFacets() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let manifest = try await CLI.run(["manifest", "spirit", "--sols", "--json"], against: pds)
    #expect(manifest.exitCode == 0, "\(manifest)")
    let object = try #require(try CLI.json(manifest.stdout) as? [String: Any])
    #expect(object["name"] as? String == "Spirit")
    #expect(object["max_sol"] as? Int == 5 && object["max_date"] as? String == "2004-01-08")
    #expect(object["landing_date"] as? String == "2004-01-04")
    #expect(object["total_photos"] as? Int == pds.listed(rover: "spirit").count)
    let sols = try #require(object["photos"] as? [[String: Any]])
    #expect(sols.compactMap { $0["sol"] as? Int } == pds.sols(rover: "spirit"))
    let first = try #require(sols.first)
    #expect(first["earth_date"] as? String == "2004-01-04" && first["total_photos"] as? Int == 5)
    #expect(Set(first["cameras"] as? [String] ?? []) == ["FHAZ", "NAVCAM", "PANCAM", "RHAZ"])
    #expect(pds.requests.allSatisfy { ($0.query("rows") ?? "0") == "0" || $0.query("rows") == "1" })

    let listed = try await CLI.run(["sols", "opportunity", "--json"], against: pds)
    #expect(listed.exitCode == 0, "\(listed)")
    #expect(try CLI.jsonArray(listed.stdout).compactMap { $0["sol"] as? Int } == pds.sols(rover: "opportunity"))
    let mi = try await CLI.run(["sols", "spirit", "--camera", "MINITES", "--json"], against: pds)
    #expect(try CLI.jsonArray(mi.stdout).compactMap { $0["sol"] as? Int } == [2, 5])
  }

  @Test func roversAndSolDateAgreeWithTheArchive() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let rovers = try await CLI.run(["rovers", "--json"], against: pds)
    #expect(rovers.exitCode == 0, "\(rovers)")
    let list = try CLI.jsonArray(rovers.stdout)
    #expect(list.compactMap { $0["name"] as? String } == ["Opportunity", "Spirit"])
    #expect(list.allSatisfy { $0["status"] as? String == "complete" })
    // MER sol 1 is landing day: the offline arithmetic gives the date the archive's products carry.
    let date = try await CLI.run(["sol-date", "spirit", "1"])
    #expect(date.stdout == "2004-01-04\n")
    let opportunity = try await CLI.run(["sol-date", "opportunity", "100"])
    #expect(opportunity.stdout == "2004-05-05\n")
  }

  @Test func fetchImageSavesOctetStreamJPEGs() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let result = try await CLI.run(
      ["fetch-image", "spirit", "--sol", "1", "-o", dir.path, "--name", "{id}.{ext}"], against: pds)
    #expect(result.exitCode == 0, "\(result)")
    let expected = pds.listed(rover: "spirit", sol: 1)
    let files = filesBelow(dir).filter { !$0.hasPrefix(".") }.sorted()
    #expect(files == expected.map { "\($0.productID).jpg" }.sorted())
    for file in files {
      let bytes = try Data(contentsOf: dir.appendingPathComponent(file))
      #expect(Array(bytes.prefix(3)) == [0xFF, 0xD8, 0xFF], "\(file)")
    }
    #expect(pds.requests.filter { $0.path.contains("/browse/sol0001/rdr/") }.count == expected.count)
  }

  /// A web page where the PDS's browse JPEG should be is said as such, not as "use --service pds" (the service in
  /// use), whether it comes as a page or as an octet-stream.
  @Test(arguments: [
    MockFault.html(), .status(200, body: "<html><body>moved</body></html>", contentType: "application/octet-stream"),
  ])
  func aPageInsteadOfTheBrowseJPEGSaysWhatCameBack(fault: MockFault) async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    pds.inject(fault, times: .max, pathPrefix: "/data/mer/")
    let dir = try TestDirectory.make("rover-cli")
    let result = try await CLI.run(
      ["fetch-image", "spirit", "--sol", "1", "-o", dir.path, "--name", "{id}.{ext}"], against: pds)
    #expect(result.exitCode == 3 || result.exitCode == 69, "\(result)")
    #expect(!result.stderr.contains("use --service pds"), "\(result.stderr)")
    #expect(result.stderr.contains("web page") || result.stderr.contains("HTML page"), "\(result.stderr)")
    #expect(filesBelow(dir).filter { !$0.hasPrefix(".") }.isEmpty)
  }

  @Test func photoByProductID() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let result = try await CLI.run(["photo", "1n137056144ilf2002p1825r0m1", "--json"], against: pds)
    #expect(result.exitCode == 0, "\(result)")
    let photo = try #require(try CLI.json(result.stdout) as? [String: Any])
    #expect(photo["id"] as? String == "1N137056144ILF2002P1825R0M1" && photo["sol"] as? Int == 100)
  }

  @Test func otherRoversAndRefusals() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let curiosity = try await CLI.run(["photos", "curiosity", "--sol", "1"], against: pds)
    #expect(curiosity.exitCode == 66)
    #expect(curiosity.stderr == "rover: rover 'curiosity' is not available from the pds service\n")
    #expect(pds.requestCount == 0)
    pds.inject(.status(403, body: "<html><body>Forbidden</body></html>", contentType: "text/html"), times: .max)
    let refused = try await CLI.run(["photos", "spirit", "--sol", "1", "--no-cache"], against: pds)
    #expect(refused.exitCode != 0)
    #expect(refused.stderr.contains("127.0.0.1") && refused.stderr.contains("refused"), "\(refused.stderr)")
  }
}
