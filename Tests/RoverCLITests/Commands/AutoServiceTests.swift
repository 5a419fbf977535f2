import Foundation
import RoverTestSupport
import Testing

/// `--service auto` (the default): each rover's live services in order, the next one tried when one fails.
@Suite struct AutoServiceTests {
  /// Every preset pointed at a local stand-in; a preset left out points at a closed port.
  static func environment(nebulum: URL?, nasaRaw: URL?, pds: URL? = nil) -> [String: String] {
    let dead = "http://127.0.0.1:9/api/v1"
    return [
      "ROVER_NEBULUM_URL": nebulum?.absoluteString ?? dead, "ROVER_NASA_RAW_URL": nasaRaw?.absoluteString ?? dead,
      "ROVER_NASA_URL": dead, "ROVER_MARSVISTA_URL": dead, "ROVER_PDS_URL": pds?.absoluteString ?? dead,
      "ROVER_CACHE_DIR": NSTemporaryDirectory() + "rover-auto-\(UUID().uuidString)",
    ]
  }

  @Test func theFirstServiceAnswersWhenItCan() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let result = try await CLI.run(
      ["photos", "curiosity", "--sol", "1004", "--json"],
      environment: Self.environment(nebulum: api.baseURL, nasaRaw: feeds.baseURL))
    #expect(result.exitCode == 0, "\(result)")
    #expect(try CLI.jsonArray(result.stdout).count == 3)
    #expect(feeds.requestCount == 0)
  }

  @Test func aDeadFirstServiceFallsBackToTheFeeds() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let sol = try #require(feeds.latestSol(rover: "curiosity"))
    let result = try await CLI.run(
      ["photos", "curiosity", "--sol", String(sol), "--json"],
      environment: Self.environment(nebulum: nil, nasaRaw: feeds.baseURL))
    #expect(result.exitCode == 0, "\(result)")
    #expect(!(try CLI.jsonArray(result.stdout)).isEmpty)
    let warnings = result.stderr.split(separator: "\n").filter { $0.contains("trying nasa-raw") }
    #expect(warnings.count == 1, "\(result.stderr)")
    #expect(warnings.first?.contains("nebulum") == true)
  }

  /// A sol past the latest is said with the latest of the service that answered, and that service's name.
  @Test func aSolPastTheLatestNamesTheServiceThatAnswered() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let latest = try #require(feeds.latestSol(rover: "curiosity"))
    let result = try await CLI.run(
      ["photos", "curiosity", "--sol", String(latest + 1)],
      environment: Self.environment(nebulum: nil, nasaRaw: feeds.baseURL))
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("latest sol on nasa-raw"), "\(result.stderr)")
    #expect(!result.stderr.contains("on auto"), "\(result.stderr)")
  }

  @Test func aFirstServiceAnsweringGarbageFallsBack() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.malformedJSON, times: .max, pathPrefix: "/api/v1/")
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let result = try await CLI.run(
      ["rovers", "--json"], environment: Self.environment(nebulum: api.baseURL, nasaRaw: feeds.baseURL))
    #expect(result.exitCode == 0, "\(result)")
    let names = try CLI.jsonArray(result.stdout).compactMap { $0["name"] as? String }
    #expect(names.contains("Curiosity") && names.contains("Perseverance"), "\(result)")
  }

  /// Every preset at `dead`, and retries slow enough that any retry would show in the time taken.
  static func environment(allAt dead: String) -> [String: String] {
    var environment = ["ROVER_RETRY_BASE_DELAY": "5", "ROVER_NASA_RAW_URL": dead]
    for name in ["NEBULUM", "NASA", "MARSVISTA", "PDS"] { environment["ROVER_\(name)_URL"] = dead + "/api/v1" }
    return environment.merging(Self.environment(nebulum: nil, nasaRaw: nil).filter { $0.key == "ROVER_CACHE_DIR" }) {
      own, _ in own
    }
  }

  /// Offline (a name that never resolves: `.invalid` is reserved) or every service on a closed port: one line that
  /// names the services tried, exit 69, at once; `-v` keeps each service's failure.
  @Test(arguments: [
    ("http://nonexistent.invalid", "host not found; check your internet connection"),
    ("http://127.0.0.1:9", "connection refused"),
  ])
  func noServiceAnsweringIsOneLine(dead: String, reason: String) async throws {
    let environment = Self.environment(allAt: dead)
    let expected = [
      (["rovers"], "nebulum, nasa-raw, pds"), (["photos", "curiosity", "--sol", "1000"], "nebulum, nasa-raw"),
      (["photos", "spirit", "--sol", "1"], "pds, nebulum"), (["photos", "insight", "--sol", "1"], "nasa-raw"),
      (["photo", "102693"], "nebulum"),
    ]
    for (arguments, tried) in expected {
      let result = try await CLI.run(arguments, environment: environment)
      #expect(result.exitCode == 69, "\(result)")
      #expect(result.stdout.isEmpty, "\(result)")
      #expect(result.stderr == "rover: no service answered (tried \(tried)): \(reason)\n", "\(result)")
      // One retry round at this delay would take 17 s or more per service; a loaded machine takes a second or two.
      #expect(result.duration < 10, "\(arguments): \(result.duration)s")
    }
    let verbose = try await CLI.run(["rovers", "-v"], environment: environment)
    #expect(verbose.exitCode == 69, "\(verbose)")
    let lines = verbose.stderr.split(separator: "\n")
    #expect(lines.last == "rover: no service answered (tried nebulum, nasa-raw, pds): \(reason)", "\(verbose)")
    for service in ["nebulum", "nasa-raw", "pds"] {
      #expect(lines.contains { $0.hasPrefix("rover: \(service): cannot reach \(dead)/") }, "\(verbose)")
    }
  }

  /// A service that answers badly is no unreachable one: its own error is kept, and the fall back is named.
  @Test func anAnswerBeforeTheDeadServicesKeepsItsError() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.malformedJSON, times: .max, pathPrefix: "/api/v1/")
    let result = try await CLI.run(
      ["photos", "curiosity", "--sol", "1000"], environment: Self.environment(nebulum: api.baseURL, nasaRaw: nil))
    #expect(result.exitCode == 65, "\(result)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(result)")
    #expect(lines.first?.contains("; trying nasa-raw") == true, "\(result)")
    #expect(lines.last?.hasPrefix("rover: unexpected response from") == true, "\(result)")
  }

  @Test func anExplicitServiceNeverFallsBack() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let result = try await CLI.run(
      ["--service", "nebulum", "photos", "curiosity", "--sol", "1000"],
      environment: Self.environment(nebulum: nil, nasaRaw: feeds.baseURL))
    #expect(result.exitCode == 69, "\(result)")
    #expect(feeds.requestCount == 0)
  }

  /// Spirit lists and downloads from the PDS; with the PDS down it still lists from nebulum, and its dead image
  /// links say why they cannot be downloaded.
  @Test func spiritFromThePDSAndWithThePDSDown() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let sol = try #require(pds.sols(rover: "spirit").first)
    let dir = try TestDirectory.make("rover-cli")
    let live = try await CLI.run(
      ["fetch-image", "spirit", "--sol", String(sol), "-o", dir.path],
      environment: Self.environment(nebulum: api.baseURL, nasaRaw: nil, pds: pds.baseURL))
    #expect(live.exitCode == 0, "\(live)")
    #expect(filesBelow(dir).filter { $0.hasSuffix(".jpg") }.count == pds.listed(rover: "spirit", sol: sol).count)
    #expect(api.requestCount == 0)

    api.inject(.html(status: 200), times: .max, pathPrefix: "/images/spirit")
    let down = Self.environment(nebulum: api.baseURL, nasaRaw: nil, pds: nil)
    let listed = try await CLI.run(["photos", "spirit", "--sol", "1", "--json"], environment: down)
    #expect(listed.exitCode == 0, "\(listed)")
    #expect(try CLI.jsonArray(listed.stdout).count == api.dataset.photos(rover: "Spirit", sol: 1).count)
    #expect(listed.stderr.contains("trying nebulum"))
    let fetched = try await CLI.run(
      ["fetch-image", "spirit", "--sol", "1", "-o", try TestDirectory.make("rover-cli").path], environment: down)
    #expect(fetched.exitCode == 3, "\(fetched)")
    #expect(fetched.stderr.contains("NASA removed the Spirit and Opportunity raw images"))
  }

  @Test func ingenuityAndInSightComeFromTheFeeds() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let environment = Self.environment(nebulum: api.baseURL, nasaRaw: feeds.baseURL)
    for rover in ["ingenuity", "insight"] {
      let result = try await CLI.run(["photos", rover, "--latest", "--json"], environment: environment)
      #expect(result.exitCode == 0, "\(result)")
      #expect(!(try CLI.jsonArray(result.stdout)).isEmpty, "\(rover)")
    }
    #expect(api.requestCount == 0)
    let rovers = try await CLI.run(["rovers", "--json"], environment: environment)
    let names = try CLI.jsonArray(rovers.stdout).compactMap { $0["name"] as? String }
    #expect(names.contains("Ingenuity") && names.contains("InSight"), "\(names)")
  }
}
