import Foundation
import RoverTestSupport
import Testing

/// Inputs that cannot have an answer are usage errors naming the value and what is valid, the same way in every
/// command, never an empty success.
@Suite struct ImpossibleInputTests {
  @Test func aSolPastTheLatestIsRefused() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let latest = try #require(api.dataset.maxSol(rover: "Curiosity"))
    for command in [["photos"], ["fetch-image", "-o", NSTemporaryDirectory()]] {
      let result = try await CLI.run(command + ["curiosity", "--sol", String(latest + 5)], against: api)
      #expect(result.exitCode == 64, "\(result)")
      #expect(result.stderr.contains("\(latest + 5)") && result.stderr.contains("\(latest)"), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
  }

  @Test func aDateBeforeLandingIsRefusedAlikeBySolDateAndPhotos() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let photos = try await CLI.run(["photos", "curiosity", "--earth-date", "2012-01-01"], against: api)
    #expect(photos.exitCode == 64, "\(photos)")
    #expect(photos.stderr.contains("2012-01-01") && photos.stderr.contains("2012-08-06"), "\(photos.stderr)")
    let solDate = try await CLI.run(["sol-date", "curiosity", "--date", "2012-01-01"])
    #expect(solDate.exitCode == 64, "\(solDate)")
    #expect(solDate.stderr.contains("2012-01-01") && solDate.stderr.contains("2012-08-06"), "\(solDate.stderr)")
  }

  /// Sols no calendar reaches are refused by name, not converted (a sol of 2^63 - 1 trapped); an unknown rover is
  /// 66 with the closest name, as for every other command.
  @Test func solDateRefusesAbsurdSolsAndNamesUnknownRovers() async throws {
    for sol in ["9223372036854775807", "2800001"] {
      let result = try await CLI.run(["sol-date", "curiosity", sol])
      #expect(result.exitCode == 64, "\(result)")
      #expect(result.stderr.contains("got \(sol)"), "\(result.stderr)")
    }
    let last = try await CLI.run(["sol-date", "curiosity", "2800000"])
    #expect(last.exitCode == 0, "\(last)")
    #expect(last.stdout.count == 11, "\(last.stdout)")
    let unknown = try await CLI.run(["sol-date", "curiosty", "1"])
    #expect(unknown.exitCode == 66, "\(unknown)")
    #expect(unknown.stderr == "rover: unknown rover 'curiosty'; did you mean 'curiosity'?\n", "\(unknown.stderr)")
  }

  @Test func anUnknownCameraListsTheRoversCameras() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(["photos", "curiosity", "--sol", "1000", "--camera", "TELESCOPE"], against: api)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("TELESCOPE") && result.stderr.contains("NAVCAM"), "\(result.stderr)")
  }

  @Test func aPagePastTheLastIsRefusedWhereTheTotalIsKnown() async throws {
    let api = try MockRoverAPI(shape: .marsVista, apiKey: "mv_live_k")
    defer { api.stop() }
    let result = try await CLI.run(
      ["photos", "curiosity", "--sol", "1000", "--page", "99", "--per-page", "10"], against: api, service: "marsvista",
      environment: ["ROVER_MARSVISTA_KEY": "mv_live_k"])
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("--page 99"), "\(result.stderr)")
  }

  /// A base URL that answers 404 everywhere is a wrong URL, not an unknown rover.
  @Test func aBaseURLThatAnswers404EverywhereIsNotAnUnknownRover() async throws {
    let server = try TestHTTPServer { _ in .html("<html>Not Found</html>", status: 404) }
    defer { server.stop() }
    let result = try await CLI.run(
      ["photos", "curiosity", "--sol", "1000", "--service", "nebulum", "--base-url", server.url("/api").absoluteString])
    #expect(result.exitCode == 78, "a set-up error, not 66 (unknown rover): \(result)")
    #expect(!result.stderr.contains("unknown rover"), "\(result.stderr)")
    #expect(result.stderr.contains("is the base URL right?"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1)
  }
}
