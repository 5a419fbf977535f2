import Foundation
import RoverTestSupport
import Testing

/// `ROVER_HTTP_ENGINE` picks the engine at run time; `rover config` says which is in use and why, and a name the
/// build does not have is one line naming it.
@Suite struct HTTPEngineSelectionTests {
  @Test(arguments: ["curl", "urlsession"])
  func configShowsTheChosenEngineAndWhy(engine: String) async throws {
    let result = try await CLI.run(["config", "--json"], environment: ["ROVER_HTTP_ENGINE": engine])
    #expect(result.exitCode == 0, "\(result)")
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let entry = try #require(object?["http_engine"] as? [String: Any])
    #expect(entry["value"] as? String == engine)
    #expect(entry["source"] as? String == "environment ROVER_HTTP_ENGINE")
  }

  @Test func withoutAChoiceTheDefaultIsExplained() async throws {
    let result = try await CLI.run(["config"], environment: ["ROVER_HTTP_ENGINE": ""])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("http engine"))
    #expect(result.stdout.contains("curl  (default: libcurl, the fastest here)"), "\(result.stdout)")
  }

  @Test func anUnknownEngineIsOneLineAndAUsageError() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(["rovers"], against: api, environment: ["ROVER_HTTP_ENGINE": "wget"])
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("unknown HTTP engine 'wget' from environment ROVER_HTTP_ENGINE"))
    #expect(api.server.requestCount == 0)
  }

  /// The same listing and download, byte for byte, over either engine.
  @Test(arguments: ["curl", "urlsession"])
  func eitherEngineListsAndDownloads(engine: String) async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let directory = try TestDirectory.make("rover-cli")
    defer { try? FileManager.default.removeItem(at: directory) }
    let environment = ["ROVER_HTTP_ENGINE": engine]
    let listed = try await CLI.run(
      ["photos", "curiosity", "--sol", "1000", "--format", "jsonl"], against: api, environment: environment)
    #expect(listed.exitCode == 0, "\(listed)")
    let lines = listed.stdout.split(separator: "\n")
    #expect(!lines.isEmpty)
    let fetched = try await CLI.run(
      ["fetch-image", "-", "-o", directory.path], against: api, environment: environment,
      stdin: Data(listed.stdout.utf8))
    #expect(fetched.exitCode == 0, "\(fetched)")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }
    #expect(files.count == lines.count)
  }
}
