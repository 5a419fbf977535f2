import Foundation
import RoverTestSupport
import Testing

/// `--service nasa-raw` against a local copy of NASA's raw-image feeds (Ingenuity and InSight have their own suite,
/// `IngenuityInSightTests`).
@Suite struct NasaRawServiceTests {
  func fullImages(_ feeds: MockRawFeeds, _ rover: String, sol: Int, instrument: String? = nil) -> [MockRawImage] {
    feeds.images(rover: rover, sol: sol, instrument: instrument).filter { $0.sampleType.lowercased() == "full" }
  }

  @Test func roversFromTheLatestSummaries() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let result = try await CLI.run(["rovers", "--json"], against: feeds)
    #expect(result.exitCode == 0, "\(result)")
    let rovers = try CLI.jsonArray(result.stdout)
    #expect(rovers.compactMap { $0["name"] as? String } == ["Curiosity", "Ingenuity", "InSight", "Perseverance"])
    for rover in rovers {
      let name = try #require(rover["name"] as? String).lowercased()
      #expect(rover["max_sol"] as? Int == feeds.latestSol(rover: name))
      #expect(rover["total_photos"] as? Int == feeds.total(rover: name))
    }
  }

  @Test func perseveranceSolAndCameraKeepOnlyFullFramesOfThatSol() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let result = try await CLI.run(
      ["photos", "perseverance", "--sol", "100", "--camera", "NAVCAM_LEFT", "--json"], against: feeds)
    #expect(result.exitCode == 0, "\(result)")
    let photos = try CLI.jsonArray(result.stdout)
    let expected = fullImages(feeds, "perseverance", sol: 100, instrument: "NAVCAM_LEFT")
    #expect(!expected.isEmpty)
    #expect(photos.compactMap { $0["id"] as? String }.sorted() == expected.map(\.id).sorted())
    #expect(photos.allSatisfy { ($0["img_src"] as? String)?.hasSuffix("_1200.jpg") == true })
    #expect(photos.allSatisfy { $0["sample_type"] as? String == "full" && $0["date_taken"] is String })
    #expect(photos.allSatisfy { ($0["camera"] as? [String: Any])?["name"] as? String == "NAVCAM_LEFT" })
  }

  @Test func sizesAndThumbnailsAndPaging() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let full = try await CLI.run(
      ["photos", "perseverance", "--sol", "100", "--size", "full", "--format", "urls"], against: feeds)
    let urls = full.stdout.split(separator: "\n")
    #expect(urls.count == fullImages(feeds, "perseverance", sol: 100).count)
    #expect(urls.allSatisfy { $0.hasSuffix(".png") })
    let small = try await CLI.run(
      ["photos", "perseverance", "--sol", "101", "--size", "small", "--format", "urls"], against: feeds)
    #expect(small.stdout.split(separator: "\n").allSatisfy { $0.hasSuffix("_320.jpg") })

    feeds.server.resetLog()
    let everything = try await CLI.run(
      ["photos", "perseverance", "--sol", "100", "--include-thumbnails", "--format", "jsonl", "--no-cache"],
      against: feeds)
    #expect(try CLI.jsonLines(everything.stdout).count == feeds.images(rover: "perseverance", sol: 100).count)
    // 0-based pages of 100: more than one page was read, starting at 0.
    let pages = feeds.requests.filter { $0.query("sol") == "100" }.compactMap { $0.query("page") }
    #expect(pages.contains("0") && pages.contains("1"))
    #expect(!pages.contains("-1"))
  }

  @Test func emptySolIgnoresTheFeedsFallbackImages() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    #expect(feeds.images(rover: "perseverance", sol: 102).isEmpty)
    let result = try await CLI.run(["photos", "perseverance", "--sol", "102", "--json"], against: feeds)
    #expect(result.exitCode == 0, "\(result)")
    #expect(try CLI.jsonArray(result.stdout).isEmpty)
  }

  /// Ingenuity used to ride along with `--ingenuity` (`category=mars2020,ingenuity`); it is its own rover now, so
  /// Perseverance's requests name Perseverance's category alone, once, and the flag is gone.
  @Test func perseveranceAsksOnlyForItsOwnCategory() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let result = try await CLI.run(["photos", "perseverance", "--sol", "103", "--json"], against: feeds)
    #expect(result.exitCode == 0, "\(result)")
    let photos = try CLI.jsonArray(result.stdout)
    #expect(
      photos.compactMap { $0["id"] as? String }.sorted()
        == fullImages(feeds, "perseverance", sol: 103).map(\.id).sorted())
    #expect(!photos.isEmpty)
    let feedRequests = feeds.requests.filter { $0.path.hasPrefix("/rss/api") }
    #expect(!feedRequests.isEmpty)
    #expect(feedRequests.allSatisfy { $0.queryItems.filter { $0.name == "category" }.map(\.value) == ["mars2020"] })
    let flag = try await CLI.run(["photos", "perseverance", "--sol", "103", "--ingenuity"], against: feeds)
    #expect(flag.exitCode == 64)
  }

  @Test func curiosityFullFramesLatestAndEarthDate() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let sol = try await CLI.run(["photos", "curiosity", "--sol", "4600", "--json"], against: feeds)
    #expect(sol.exitCode == 0, "\(sol)")
    let expected = fullImages(feeds, "curiosity", sol: 4600)
    #expect(try CLI.jsonArray(sol.stdout).compactMap { $0["id"] as? String }.sorted() == expected.map(\.id).sorted())
    #expect(feeds.requests.allSatisfy { $0.query("condition_1") == nil || $0.query("condition_1") == "msl:mission" })

    let latest = try await CLI.run(["photos", "curiosity", "--latest", "--json"], against: feeds)
    let latestSol = try #require(feeds.latestSol(rover: "curiosity"))
    let latestPhotos = try CLI.jsonArray(latest.stdout)
    #expect(latestPhotos.count == fullImages(feeds, "curiosity", sol: latestSol).count)
    #expect(latestPhotos.allSatisfy { $0["sol"] as? Int == latestSol })

    let date = try await CLI.run(["sol-date", "perseverance", "101"])
    let byDate = try await CLI.run(
      ["photos", "perseverance", "--earth-date", date.stdout.trimmingCharacters(in: .newlines), "--json"],
      against: feeds)
    #expect(try CLI.jsonArray(byDate.stdout).allSatisfy { $0["sol"] as? Int == 101 })
    #expect(try CLI.jsonArray(byDate.stdout).count == fullImages(feeds, "perseverance", sol: 101).count)
  }

  @Test func solsFromPerSolCounts() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let result = try await CLI.run(["sols", "perseverance", "--from", "99", "--to", "103", "--json"], against: feeds)
    #expect(result.exitCode == 0, "\(result)")
    let sols = try CLI.jsonArray(result.stdout)
    #expect(sols.compactMap { $0["sol"] as? Int } == [100, 101, 103])
    #expect(sols.first?["total_photos"] as? Int == fullImages(feeds, "perseverance", sol: 100).count)
    let tooWide = try await CLI.run(["sols", "curiosity", "--from", "1", "--to", "4605"], against: feeds)
    #expect(tooWide.exitCode == 64)
    #expect(tooWide.stderr.contains("at most"))
  }

  @Test func spiritAndOpportunityAreNotAvailable() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let result = try await CLI.run(["photos", "spirit", "--sol", "1"], against: feeds)
    #expect(result.exitCode == 66)
    #expect(result.stderr == "rover: rover 'spirit' is not available from the nasa-raw service\n")
    #expect(feeds.requestCount == 0)
    let manifest = try await CLI.run(["manifest", "opportunity"], against: feeds)
    #expect(manifest.exitCode == 66)
  }

  @Test func fetchImageFullSizeAndPhotoByID() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let result = try await CLI.run(
      ["fetch-image", "perseverance", "--sol", "101", "-o", dir.path, "--size", "full", "--name", "{id}.{ext}"],
      against: feeds)
    #expect(result.exitCode == 0, "\(result)")
    let expected = fullImages(feeds, "perseverance", sol: 101)
    #expect(filesBelow(dir).filter { $0.hasSuffix(".png") }.sorted() == expected.map { "\($0.id).png" }.sorted())

    let image = try #require(expected.first)
    let one = try await CLI.run(["photo", image.id, "--json"], against: feeds)
    #expect(one.exitCode == 0, "\(one)")
    #expect((try CLI.json(one.stdout) as? [String: Any])?["id"] as? String == image.id)
  }

  @Test func secondRunIsServedFromTheCache() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let cache = try TestDirectory.make("rover-cli")
    let env = ["XDG_CACHE_HOME": cache.path]
    let first = try await CLI.run(["photos", "curiosity", "--sol", "4601", "--json"], against: feeds, environment: env)
    let count = feeds.requestCount
    let second = try await CLI.run(
      ["photos", "curiosity", "--sol", "4601", "--json"], against: feeds, environment: env)
    #expect(second.stdout == first.stdout)
    #expect(feeds.requestCount == count)
  }
}
