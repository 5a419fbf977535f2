import Foundation
import RoverTestSupport
import Testing

/// Mistakes get an answer that points at them.
@Suite struct TypoTests {
  @Test(arguments: [["phtos", "curiosity"], ["help", "phtos"]])
  func aMistypedCommandIsNamedWithASuggestion(arguments: [String]) async throws {
    let result = try await CLI.run(arguments)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr == "rover: unknown command 'phtos'; did you mean 'photos'?\n", "\(result)")
    #expect(result.stdout.isEmpty)
  }

  /// A command begun is that command (`fetch` is `fetch-image`), before any name a few letters away (`watch`).
  @Test func aCommandBegunIsSuggestedBeforeOneNearlySpelt() async throws {
    let result = try await CLI.run(["fetch", "curiosity"])
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr == "rover: unknown command 'fetch'; did you mean 'fetch-image'?\n", "\(result)")
  }

  @Test func anUnknownRoverGetsTheClosestName() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(["photos", "curiosty", "--sol", "1000"], against: api)
    #expect(result.exitCode == 66, "\(result)")
    #expect(result.stderr == "rover: unknown rover 'curiosty'; did you mean 'curiosity'?\n", "\(result.stderr)")
  }

  /// A misspelt camera gets the closest camera name (issue 37, point 7), still with the list.
  @Test func anUnknownCameraGetsTheClosestName() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(["photos", "curiosity", "--sol", "1000", "--camera", "mst"], against: api)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.hasPrefix("rover: unknown camera 'mst' for curiosity; did you mean 'MAST'? (cameras: "))
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
  }

  /// A service that says it does not know a rover rover knows is not answered with that same name as a guess.
  @Test func aKnownRoverTheServiceRefusesIsNotSuggestedBack() async throws {
    let server = try TestHTTPServer { _ in .json(#"{"errors":"Invalid Rover Name"}"#, status: 400) }
    defer { server.stop() }
    let result = try await CLI.run(
      [
        "photos", "curiosity", "--sol", "1500", "--service", "nebulum", "--base-url",
        server.url("/api/v1").absoluteString, "--no-cache",
      ])
    #expect(result.exitCode == 66, "\(result)")
    #expect(result.stderr == "rover: the service does not know rover 'curiosity' (try another with --service)\n")
  }

  @Test func aRoverWithoutADayIsNotTakenForAPhotoID() async throws {
    let result = try await CLI.run(["fetch-image", "curiosity", "-o", NSTemporaryDirectory()])
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("'curiosity' is a rover: give --sol"))
  }

  /// A host that does not resolve is not retried: offline, `rover rovers` says so in one line.
  @Test func anUnresolvableHostIsOneLineWithoutRetries() async throws {
    let result = try await CLI.run(
      ["--service", "nebulum", "--base-url", "http://no-such-host.invalid/api/v1", "rovers", "--no-cache"])
    #expect(result.exitCode == 69, "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
    #expect(result.stderr.contains("host not found"))
  }
}
