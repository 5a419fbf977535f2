import Foundation
import RoverTestSupport
import Testing

/// The small things a new user meets first: misspelt flags, impossible numbers, --quiet, --offline downloads.
@Suite struct EverydaySurfaceTests {
  @Test(arguments: [
    (["photos", "curiosity", "--sole", "1"], "unknown option '--sole'; did you mean '--sol'?"),
    (["fetch-image", "curiosity", "--sol", "1", "--nmae", "x"], "unknown option '--nmae'; did you mean '--name'?"),
    (
      ["photos", "curiosity", "--sol", "1", "--timeout", "0"],
      "--timeout must be more than 0 and at most 3600 seconds, got 0"
    ),
    (
      ["photos", "curiosity", "--sol", "1", "--timeout", "-3"],
      "--timeout must be more than 0 and at most 3600 seconds, got -3"
    ),
    (["fetch-image", "curiosity", "--sol", "1", "-j", "-2"], "--jobs must be between 1 and 64, got -2"),
    (["photos", "curiosity", "--sol", "-4"], "--sol must be a sol (0 or more) or a range A..B, got -4"),
    (["photos", "curiosity", "--sol", "-1..5"], "--sol must be a sol (0 or more) or a range A..B, got -1..5"),
    (
      ["photos", "perseverance", "--sol", "1", "--site", "-1..5"],
      "--site must be a site (0 or more) or a range A..B, got -1..5"
    ),
    (
      ["photos", "perseverance", "--sol", "1", "--lmst", "-1:00..02:00"],
      "--lmst must be a window of local mean solar time HH:MM..HH:MM, got -1:00..02:00"
    ),
  ])
  func usageMistakesAreNamed(arguments: [String], message: String) async throws {
    let result = try await CLI.run(arguments + ["--base-url", "http://127.0.0.1:9"])
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr == "rover: \(message) (see --help)\n", "\(result.stderr)")
  }

  /// --quiet keeps errors and nothing else: no retry warnings, no summary line.
  @Test func quietKeepsOnlyErrors() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.serverError, times: 1, pathPrefix: "/api/rovers/curiosity/photos")
    let dir = try TestDirectory.make("rover-cli")
    let loud = try await CLI.run(["fetch-image", "curiosity", "--sol", "1000", "-o", dir.path], against: api)
    #expect(loud.exitCode == 0, "\(loud)")
    #expect(!loud.stderr.isEmpty)
    api.inject(.serverError, times: 1, pathPrefix: "/api/rovers/curiosity/photos")
    let quiet = try await CLI.run(
      ["fetch-image", "curiosity", "--sol", "1000", "-o", dir.path, "--quiet", "--refresh"], against: api)
    #expect(quiet.exitCode == 0, "\(quiet)")
    #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    let failing = try await CLI.run(["-q", "photos", "curiosity", "--sol", "1000", "--base-url", "http://127.0.0.1:9"])
    #expect(failing.exitCode == 69)
    #expect(failing.stderr.split(separator: "\n").count == 1, "\(failing.stderr)")
  }

  /// Images are never in the response cache: --offline downloads are refused, a --dry-run works from the cache.
  @Test func offlineDownloadsAreRefusedNotSilentlyOnline() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let cache = try TestDirectory.make("rover-cli")
    let environment = ["ROVER_CACHE_DIR": cache.path]
    let warm = try await CLI.run(["photos", "curiosity", "--sol", "1000"], against: api, environment: environment)
    #expect(warm.exitCode == 0, "\(warm)")
    api.server.resetLog()
    let refused = try await CLI.run(
      ["fetch-image", "curiosity", "--sol", "1000", "-o", dir.path, "--offline"], against: api,
      environment: environment)
    #expect(refused.exitCode == 64, "\(refused)")
    #expect(refused.stderr.contains("--offline cannot download images"), "\(refused.stderr)")
    let dry = try await CLI.run(
      ["fetch-image", "curiosity", "--sol", "1000", "-o", dir.path, "--offline", "--dry-run"], against: api,
      environment: environment)
    #expect(dry.exitCode == 0, "\(dry)")
    #expect(dry.stdout.split(separator: "\n").count == api.dataset.photos(rover: "Curiosity", sol: 1000).count)
    #expect(api.requestCount == 0)
  }

  /// On a terminal, Ctrl-C while "waiting for …" is shown clears that line before saying it was interrupted.
  ///
  /// The interrupt is sent once the line shows, not after a fixed time: at the start of a loaded run a debug rover
  /// may not reach its first request within seconds. The shell runs it as a job of its own (`set -m`: a background
  /// job of a shell without job control would ignore SIGINT) and says its process id.
  @Test func theWaitingLineIsClearedOnCtrlC() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.delay(120), times: .max, pathPrefix: "/api/")
    let rover = try RoverProcess.roverExecutableURL().path
    let command =
      "set -m; \(rover) photos curiosity --sol 1000 --base-url \(api.baseURL.absoluteString) & echo \"pid $!\"; wait $!"
    let child = try RoverProcess.start(
      executable: URL(fileURLWithPath: "/usr/bin/script"), arguments: ["-qec", command, "/dev/null"])
    try await child.waitUntil("the waiting line shows", timeout: 120) { $0.stdout.contains("waiting for 127.0.0.1…") }
    let pid = PseudoTerminal.lines(child.stdout).lazy.compactMap { line -> Int32? in
      guard line.hasPrefix("pid ") else { return nil }
      return Int32(line.dropFirst(4).trimmingCharacters(in: .whitespacesAndNewlines))
    }.first
    let rovers = try #require(pid, "\(child.stdout)")
    kill(rovers, SIGINT)
    let result = try await child.wait(timeout: 60)
    #expect(result.exitCode == 130, "\(result)")
    #expect(result.stdout.hasSuffix("\r\u{1B}[2Krover: interrupted\r\n"), "\(result.stdout.debugDescription)")
  }
}

/// A bad frame filter is a usage error naming the flag and the value, before any request.
@Suite struct FrameFilterFlagTests {
  @Test(arguments: [
    (["--lmst", "25:00..02:00"], "--lmst"), (["--lmst", "10-12"], "--lmst"), (["--site", "5..2"], "--site"),
    (["--drive", "-3"], "--drive"), (["--sequence", "NCAM 1"], "--sequence"), (["--versions", "old"], "--versions"),
  ])
  func badValuesAre64(arguments: [String], flag: String) async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(["photos", "curiosity", "--sol", "1000"] + arguments, against: api)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains(flag), "\(result.stderr)")
    #expect(api.server.requestCount == 0)
  }
}
