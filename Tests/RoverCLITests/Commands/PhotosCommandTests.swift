import Foundation
import RoverTestSupport
import Testing

@Suite struct PhotosCommandTests {
  /// Every photo of a sol arrives, whatever the service's paging, and each exactly once.
  @Test(arguments: [MockServiceShape.original, .marsVista])
  func allPagesOfASol(shape: MockServiceShape) async throws {
    let api = try MockRoverAPI(shape: shape)
    defer { api.stop() }
    let service = shape == .marsVista ? "marsvista" : "nebulum"
    let result = try await CLI.run(
      ["photos", "perseverance", "--sol", "100", "--json"], against: api, service: service)
    #expect(result.exitCode == 0, "\(result)")
    let photos = try CLI.jsonArray(result.stdout)
    let expected = api.dataset.photos(rover: "Perseverance", sol: 100)
    #expect(photos.compactMap { $0["id"] as? Int }.sorted() == expected.map(\.id).sorted())
    #expect(Set(photos.compactMap { $0["id"] as? Int }).count == photos.count)
    let first = try #require(photos.first)
    #expect((first["camera"] as? [String: Any])?["name"] is String)
    #expect((first["rover"] as? [String: Any])?["name"] as? String == "Perseverance")
    #expect(first["img_src"] is String)
    #expect(first["earth_date"] as? String == api.dataset.earthDate(rover: "Perseverance", sol: 100))
    if shape == .marsVista {
      // 230 photos at Mars Vista's maximum of 100 a page.
      #expect(api.requestCount(pathPrefix: "/api/v1/rovers/perseverance/photos") == 3)
      #expect(api.requests.allSatisfy { $0.query("per_page") == nil || $0.query("per_page") == "100" })
    }
  }

  /// The original service gives no totals: a full first page leads to the manifest's count, then the rest at once.
  @Test func originalPagingUsesTheManifestCount() async throws {
    let rovers = MockDataset.standard.rovers
    let dataset = MockDataset.generated(rovers: rovers, photoCounts: ["Curiosity": [1000: 1234, 1001: 3]])
    let api = try MockRoverAPI(shape: .original, dataset: dataset)
    defer { api.stop() }
    let result = try await CLI.run(["photos", "curiosity", "--sol", "1000", "--format", "jsonl"], against: api)
    #expect(result.exitCode == 0, "\(result)")
    #expect(try CLI.jsonLines(result.stdout).count == 1234)
    let pages = api.requests.filter { $0.path == "/api/v1/rovers/curiosity/photos" }.compactMap { $0.query("page") }
    #expect(pages.sorted() == ["1", "2", "3"])
    #expect(api.requestCount(pathPrefix: "/api/v1/manifests/curiosity") == 1)
  }

  /// One sol listed short of the service's count: with --strict, a warning and exit 3, as for a range of sols.
  @Test func aSingleSolListedShortFailsStrict() async throws {
    let photo = { (id: Int) in
      #"{"id":\#(id),"sol":5,"camera":{"id":20,"name":"FHAZ","rover_id":5,"full_name":"Front"},"#
        + #""img_src":"http://127.0.0.1:9/\#(id).jpg","earth_date":"2012-08-11","#
        + #""rover":{"id":5,"name":"Curiosity","landing_date":"2012-08-06","launch_date":"2011-11-26","#
        + #""status":"active"}}"#
    }
    let manifest =
      #"{"photo_manifest":{"name":"Curiosity","landing_date":"2012-08-06","launch_date":"2011-11-26","#
      + #""status":"active","max_sol":10,"max_date":"2012-08-16","total_photos":5,"#
      + #""photos":[{"sol":5,"earth_date":"2012-08-11","total_photos":5,"cameras":["FHAZ"]}]}}"#
    let page = #"{"photos":[\#(photo(1)),\#(photo(2))]}"#
    let server = try TestHTTPServer { request in request.path.contains("manifests") ? .json(manifest) : .json(page) }
    defer { server.stop() }
    let base = [
      "photos", "curiosity", "--sol", "5", "--format", "jsonl", "--service", "nebulum", "--base-url",
      server.url("/api/v1").absoluteString, "--no-cache",
    ]
    let plain = try await CLI.run(base)
    #expect(plain.exitCode == 0, "\(plain)")
    let strict = try await CLI.run(base + ["--strict"])
    #expect(strict.exitCode == 3, "\(strict)")
    #expect(strict.stderr.contains("listed 2 of the 5 photos"), "\(strict.stderr)")
    #expect(try CLI.jsonLines(strict.stdout).count == 2)
  }

  @Test func onePageWhenAsked() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(
      ["photos", "curiosity", "--sol", "1000", "--page", "2", "--per-page", "25", "--json"], against: api)
    let ids = try CLI.jsonArray(result.stdout).compactMap { $0["id"] as? Int }
    #expect(ids == Array(api.dataset.photos(rover: "Curiosity", sol: 1000).map(\.id)[25..<50]))
    #expect(api.requestCount == 1)
  }

  @Test func earthDateCameraAndURLs() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let date = try #require(api.dataset.earthDate(rover: "Curiosity", sol: 1000))
    let result = try await CLI.run(
      ["photos", "curiosity", "--earth-date", date, "--camera", "fhaz", "--format", "urls"], against: api)
    #expect(result.exitCode == 0, "\(result)")
    let expected = api.dataset.photos(rover: "Curiosity", sol: 1000, camera: "FHAZ").map { api.imgSrc(for: $0) }
    #expect(result.stdout.split(separator: "\n").map(String.init) == expected)
    #expect(api.requests.contains { $0.query("earth_date") == date && $0.query("camera") == "fhaz" })
  }

  @Test func latestUsesTheLatestRoute() async throws {
    let api = try MockRoverAPI(shape: .marsVista)
    defer { api.stop() }
    let result = try await CLI.run(["photos", "curiosity", "--latest", "--json"], against: api, service: "marsvista")
    #expect(result.exitCode == 0, "\(result)")
    let maxSol = try #require(api.dataset.maxSol(rover: "Curiosity"))
    #expect(try CLI.jsonArray(result.stdout).allSatisfy { $0["sol"] as? Int == maxSol })
    #expect(api.requestCount(pathPrefix: "/api/v1/rovers/curiosity/latest") >= 1)
  }

  @Test func emptyResultIsSuccess() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(["photos", "curiosity", "--sol", "1003", "--json"], against: api)
    #expect(result.exitCode == 0)
    #expect(try CLI.jsonArray(result.stdout).isEmpty)
    // As jq and gh print it: `[]`, not a bracket on each line.
    #expect(result.stdout == "[]\n", "\(result.stdout)")
    #expect(result.stderr.isEmpty)
  }

  @Test func onePhotoByID() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let photo = try #require(api.dataset.photos(rover: "Curiosity", sol: 1004).first)
    let result = try await CLI.run(["photo", String(photo.id), "--json"], against: api)
    #expect(result.exitCode == 0, "\(result)")
    let object = try #require(try CLI.json(result.stdout) as? [String: Any])
    #expect(object["id"] as? Int == photo.id)
    #expect((object["camera"] as? [String: Any])?["name"] as? String == photo.camera)
  }
}
