import Foundation
import RoverTestSupport
import Testing

/// `rover --service nasa-raw` with Ingenuity and InSight, end to end against the local feeds.
///
/// Serialized: each test starts a server whose `init` holds a cooperative thread until it listens, and a burst of
/// them at the start of a parallel run on two cores pushed other suites' first requests past their 5 s timeouts.
@Suite(.serialized) struct IngenuityInSightTests {
  func fullImages(_ feeds: MockRawFeeds, _ rover: String, sol: Int) -> [MockRawImage] {
    feeds.images(rover: rover, sol: sol, includeThumbnails: false)
  }

  @Test func roversListsAllFourFeedRoversWithTheirMissions() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let result = try await CLI.run(["rovers", "--json"], against: feeds)
    #expect(result.exitCode == 0, "\(result)")
    let rovers = Dictionary(
      try CLI.jsonArray(result.stdout).map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { $1 })
    #expect(rovers.keys.sorted() == ["Curiosity", "InSight", "Ingenuity", "Perseverance"])
    let ingenuity = try #require(rovers["Ingenuity"])
    #expect(ingenuity["status"] as? String == "complete" && ingenuity["landing_date"] as? String == "2021-02-18")
    #expect(ingenuity["max_sol"] as? Int == 1069)
    let insight = try #require(rovers["InSight"])
    #expect(insight["status"] as? String == "complete" && insight["landing_date"] as? String == "2018-11-26")
    #expect(insight["launch_date"] as? String == "2018-05-05" && insight["max_sol"] as? Int == 1144)
    #expect(rovers["Perseverance"]?["status"] as? String == "active")
    let table = try await CLI.run(["rovers"], against: feeds)
    #expect(table.exitCode == 0 && table.stdout.contains("InSight") && table.stdout.contains("Ingenuity"))
  }

  @Test func ingenuityPhotosBySolAsJSON() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let result = try await CLI.run(["photos", "ingenuity", "--sol", "61", "--json"], against: feeds)
    #expect(result.exitCode == 0, "\(result)")
    let photos = try CLI.jsonArray(result.stdout)
    let expected = fullImages(feeds, "ingenuity", sol: 61)
    #expect(expected.count == 4)
    #expect(photos.compactMap { $0["id"] as? String }.sorted() == expected.map(\.id).sorted())
    #expect(photos.allSatisfy { ($0["img_src"] as? String)?.hasSuffix("_1200.jpg") == true })
    #expect(photos.allSatisfy { ($0["rover"] as? [String: Any])?["name"] as? String == "Ingenuity" })
    let cameras = Set(photos.compactMap { ($0["camera"] as? [String: Any])?["name"] as? String })
    #expect(cameras == ["HELI_NAV", "HELI_RTE"])
    let rte = try await CLI.run(
      ["photos", "ingenuity", "--sol", "61", "--camera", "HELI_RTE", "--format", "urls"], against: feeds)
    #expect(rte.stdout.split(separator: "\n").count == 3)
  }

  @Test func insightPhotosBySol() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let result = try await CLI.run(["photos", "insight", "--sol", "190"], against: feeds)
    #expect(result.exitCode == 0, "\(result)")
    for image in fullImages(feeds, "insight", sol: 190) {
      #expect(result.stdout.contains(image.id))
    }
    let thumbnail = try #require(feeds.images(rover: "insight", sol: 190).first { $0.isThumbnail })
    #expect(!result.stdout.contains(thumbnail.id))
    #expect(result.stdout.contains("ICC") && result.stdout.contains("IDC"))
  }

  @Test func fetchImageDownloadsInSightsJPEGs() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let result = try await CLI.run(
      ["fetch-image", "insight", "--sol", "190", "-o", dir.path, "--name", "{id}.{ext}"], against: feeds)
    #expect(result.exitCode == 0, "\(result)")
    let expected = fullImages(feeds, "insight", sol: 190)
    let files = filesBelow(dir).filter { $0.lowercased().hasSuffix(".jpg") }.sorted()
    #expect(files.map { ($0 as NSString).deletingPathExtension } == expected.map(\.id).sorted())
    for file in files {
      let bytes = try Data(contentsOf: dir.appendingPathComponent(file))
      // A real JPEG: SOI first, EOI last.
      #expect(bytes.prefix(2) == Data([0xFF, 0xD8]) && bytes.suffix(2) == Data([0xFF, 0xD9]))
    }
    // Real enough for libjpeg-turbo: the gallery makes a thumbnail of each.
    let gallery = try await CLI.run(["gallery", dir.path, "--thumbnails"])
    #expect(gallery.exitCode == 0, "\(gallery)")
    let thumbnails = filesBelow(dir.appendingPathComponent(".thumbnails"))
    #expect(thumbnails.count == expected.count, "\(thumbnails)")
  }

  @Test func ingenuitySolsOverARange() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let result = try await CLI.run(["sols", "ingenuity", "--from", "57", "--to", "62", "--json"], against: feeds)
    #expect(result.exitCode == 0, "\(result)")
    let sols = try CLI.jsonArray(result.stdout)
    #expect(sols.compactMap { $0["sol"] as? Int } == [58, 61, 62])
    #expect(sols.compactMap { $0["total_photos"] as? Int } == [103, 4, 2])
  }

  @Test func latestEarthDateAndPhotoByID() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let latest = try await CLI.run(["photos", "insight", "--latest", "--json"], against: feeds)
    #expect(try CLI.jsonArray(latest.stdout).compactMap { $0["sol"] as? Int } == [1144])
    let byDate = try await CLI.run(["photos", "insight", "--earth-date", "2019-06-10", "--json"], against: feeds)
    let dated = try CLI.jsonArray(byDate.stdout)
    #expect(dated.count == 3 && dated.allSatisfy { $0["earth_date"] as? String == "2019-06-10" })
    #expect(Set(dated.compactMap { $0["sol"] as? Int }) == [190, 191])
    let heli = try #require(fullImages(feeds, "ingenuity", sol: 62).first)
    let one = try await CLI.run(["photo", heli.id, "--json"], against: feeds)
    #expect(one.exitCode == 0, "\(one)")
    #expect((try CLI.json(one.stdout) as? [String: Any])?["id"] as? String == heli.id)
  }
}
