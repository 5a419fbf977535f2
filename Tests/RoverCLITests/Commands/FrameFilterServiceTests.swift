import Foundation
import RoverTestSupport
import Testing

/// Frame filters and frame placeholders need metadata the Photos-API copies do not carry: under `auto` they are
/// asked of NASA's raw feeds; asked of a copy by name, Mars time is refused naming the service to use.
@Suite struct FrameFilterServiceTests {
  @Test func underAutoAnLMSTWindowIsAskedOfTheRawFeed() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let feed = try PairsCommandTests.feed()
    defer { feed.stop() }
    // The README's own example, on a real sol-380 pair (both frames at 15:37 LMST).
    let result = try await CLI.run(
      ["photos", "perseverance", "--sol", "380", "--camera", "NAVCAM", "--lmst", "13:00..16:00", "--json"],
      environment: AutoServiceTests.environment(nebulum: api.baseURL, nasaRaw: feed.baseURL))
    #expect(result.exitCode == 0, "\(result)")
    let ids = try CLI.jsonArray(result.stdout).compactMap { $0["id"] as? String }
    #expect(ids.sorted() == [StereoPairingRealIDs.sol380Left, StereoPairingRealIDs.sol380Right], "\(result)")
    #expect(api.requestCount == 0, "the Photos-API copy was not asked")
  }

  @Test func underAutoAFramePlaceholderIsFilledFromTheRawFeed() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let feed = try PairsCommandTests.feed()
    defer { feed.stop() }
    let dir = try TestDirectory.make("rover-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try await CLI.run(
      [
        "fetch-image", "perseverance", "--sol", "380", "--name", "{sequence}/{lmst}_{eye}_{id}.{ext}", "--dry-run",
        "-o", dir.path,
      ], environment: AutoServiceTests.environment(nebulum: api.baseURL, nasaRaw: feed.baseURL))
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("NCAM03380/15-37-"), "\(result)")
    #expect(!result.stdout.contains("unknown"), "\(result)")
    #expect(api.requestCount == 0)
  }

  @Test(arguments: [
    (["photos", "perseverance", "--sol", "380", "--lmst", "13:00..16:00"], "--lmst"),
    (["fetch-image", "perseverance", "--sol", "380", "--name", "{lmst}/{id}.{ext}", "--dry-run"], "{lmst}"),
    (["watch", "perseverance", "--once", "--lmst", "13:00..16:00"], "--lmst"),
    (
      ["sync", "perseverance", "--lmst", "13:00..16:00", "-o", NSTemporaryDirectory() + "rover-sync-\(UUID())"],
      "--lmst"
    ),
  ])
  func marsTimeAskedOfAPhotosAPICopyIsRefusedNamingTheService(arguments: [String], named: String) async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(arguments, against: api, service: "nebulum")
    #expect(result.exitCode == 64, "\(result)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result)")
    #expect(result.stderr.contains(named) && result.stderr.contains("--service nasa-raw"), "\(result)")
    #expect(api.requestCount == 0, "refused before any request")
  }

  @Test func marsTimeForSpiritIsRefused() async throws {
    let result = try await CLI.run(["photos", "spirit", "--sol", "1", "--lmst", "10:00..12:00"])
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("--lmst") && result.stderr.contains("spirit"), "\(result)")
  }
}

/// The real sol-380 Navcam pair of `m2020-records.json`.
enum StereoPairingRealIDs {
  static let sol380Left = "NLF_0380_0700686262_301ECM_N0112472NCAM03380_01_195J"
  static let sol380Right = "NRF_0380_0700686262_301ECM_N0112472NCAM03380_01_195J"
}
