import Foundation
import RoverTestSupport
import Testing

/// The response cache across runs: each test shares one cache directory between its runs.
@Suite struct ResponseCacheCommandTests {
  let cacheHome: URL
  var env: [String: String] { ["XDG_CACHE_HOME": cacheHome.path] }

  init() throws { cacheHome = try TestDirectory.make("rover-cli") }

  var entriesDirectory: URL { cacheHome.appendingPathComponent("rover/responses") }

  @Test func secondIdenticalListingMakesNoRequest() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let first = try await CLI.run(["sols", "curiosity", "--json"], against: api, environment: env)
    #expect(first.exitCode == 0, "\(first)")
    #expect(api.requestCount == 1)
    let second = try await CLI.run(["sols", "curiosity", "--json"], against: api, environment: env)
    #expect(second.exitCode == 0)
    #expect(second.stdout == first.stdout)
    #expect(api.requestCount == 1)
    let refreshed = try await CLI.run(["sols", "curiosity", "--refresh"], against: api, environment: env)
    #expect(refreshed.exitCode == 0)
    #expect(api.requestCount == 2)
  }

  /// A verbose run that sent no request says where its answer came from, and how old it is; never the key.
  @Test func verboseSaysAnAnswerCameFromTheCache() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let key = ["--api-key", "SECRETKEY123"]
    let first = try await CLI.run(["manifest", "curiosity", "-v"] + key, against: api, environment: env)
    #expect(first.exitCode == 0, "\(first)")
    #expect(!first.stderr.contains("rover: cache:"), "\(first.stderr)")
    let second = try await CLI.run(["manifest", "curiosity", "-v"] + key, against: api, environment: env)
    #expect(second.exitCode == 0, "\(second)")
    #expect(api.requestCount == 1)
    let said = second.stderr.split(separator: "\n").filter { $0.hasPrefix("rover: cache: the curiosity manifest") }
    #expect(said.count == 1, "\(second.stderr)")
    #expect(said.first?.wholeMatch(of: /rover: cache: the curiosity manifest \(cached \d+s ago\)/) != nil)
    #expect(!second.stderr.contains("SECRETKEY123"))
    let quiet = try await CLI.run(["manifest", "curiosity"] + key, against: api, environment: env)
    #expect(!quiet.stderr.contains("cache"), "\(quiet.stderr)")
  }

  @Test func expiredByMaxAgeAsksAgain() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    _ = try await CLI.run(["rovers"], against: api, environment: env)
    _ = try await CLI.run(["rovers", "--max-age", "1h"], against: api, environment: env)
    #expect(api.requestCount == 1)
    try backdateEntries(by: 2)
    _ = try await CLI.run(["rovers", "--max-age", "1s"], against: api, environment: env)
    #expect(api.requestCount == 2)
  }

  /// Moves every stored answer's date `seconds` into the past: the cache ages by its dates, not by the test waiting.
  func backdateEntries(by seconds: Double) throws {
    for name in filesBelow(entriesDirectory) {
      let file = entriesDirectory.appendingPathComponent(name)
      let data = try Data(contentsOf: file)
      let newline = try #require(data.firstIndex(of: UInt8(ascii: "\n")))
      var header = try #require(try JSONSerialization.jsonObject(with: data[..<newline]) as? [String: Any])
      header["stored_at"] = try #require(header["stored_at"] as? Double) - seconds
      let backdated = try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])
      try (backdated + data[newline...]).write(to: file)
    }
  }

  @Test func noCacheNeitherReadsNorWrites() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    _ = try await CLI.run(["rovers", "--no-cache"], against: api, environment: env)
    _ = try await CLI.run(["rovers", "--no-cache"], against: api, environment: env)
    #expect(api.requestCount == 2)
    #expect(filesBelow(cacheHome).isEmpty)
  }

  @Test func offlineAnswersFromCacheWithTheServerStopped() async throws {
    let api = try MockRoverAPI(shape: .original)
    let online = try await CLI.run(["photos", "curiosity", "--sol", "1004", "--json"], against: api, environment: env)
    #expect(online.exitCode == 0, "\(online)")
    let base = api.baseURL.absoluteString
    api.stop()
    let offline = try await CLI.run(
      ["photos", "curiosity", "--sol", "1004", "--json", "--offline", "--base-url", base], environment: env)
    #expect(offline.exitCode == 0, "\(offline)")
    #expect(offline.stdout == online.stdout)
    let missing = try await CLI.run(
      ["photos", "curiosity", "--sol", "1005", "--offline", "--base-url", base], environment: env)
    #expect(missing.exitCode == 69, "\(missing)")
    #expect(missing.stderr == "rover: offline and nothing cached for curiosity photos of sol 1005 (page 1)\n")
  }

  @Test func staleEntryAnswersWhenTheServiceFails() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let first = try await CLI.run(["rovers", "--json"], against: api, environment: env)
    api.inject(.serverError, times: 100, pathPrefix: "/api/v1/rovers")
    let second = try await CLI.run(
      ["rovers", "--json", "--max-age", "0s", "--retries", "1"], against: api, environment: env)
    #expect(second.exitCode == 0, "\(second)")
    #expect(second.stdout == first.stdout)
    #expect(second.stderr.contains("answering from a cached copy"))
    #expect(second.stderr.contains("s old"))
  }

  /// A refused connection is not retried any more, yet still counts as a service down: the stale copy answers.
  @Test func staleEntryAnswersWhenNothingListens() async throws {
    let api = try MockRoverAPI(shape: .original)
    let first = try await CLI.run(["rovers", "--json"], against: api, environment: env)
    #expect(first.exitCode == 0, "\(first)")
    api.stop()
    let second = try await CLI.run(
      ["rovers", "--json", "--max-age", "0s", "--base-url", api.baseURL.absoluteString], environment: env)
    #expect(second.exitCode == 0, "\(second)")
    #expect(second.stdout == first.stdout)
    #expect(second.stderr.contains("connection refused; answering from a cached copy"), "\(second.stderr)")
  }

  @Test func corruptEntryIsReplaced() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    _ = try await CLI.run(["rovers"], against: api, environment: env)
    let entries = filesBelow(entriesDirectory)
    #expect(entries.count == 1)
    let file = entriesDirectory.appendingPathComponent(try #require(entries.first))
    try Data("{\"key\":".utf8).write(to: file)
    let again = try await CLI.run(["rovers", "--json"], against: api, environment: env)
    #expect(again.exitCode == 0, "\(again)")
    #expect(api.requestCount == 2)
    _ = try await CLI.run(["rovers"], against: api, environment: env)
    #expect(api.requestCount == 2, "the replaced entry is read again")
  }

  @Test func revalidatesWithETag() async throws {
    let body =
      #"{"rovers":[{"id":5,"name":"Curiosity","landing_date":"2012-08-06","launch_date":"2011-11-26","status":"active","max_sol":10,"max_date":"2012-08-16","total_photos":3,"cameras":[]}]}"#
    let server = try TestHTTPServer { request in
      if request.header("if-none-match") == "\"v1\"" { return TestResponse.empty(status: 304).adding("ETag", "\"v1\"") }
      return TestResponse.json(body).adding("ETag", "\"v1\"")
    }
    defer { server.stop() }
    let base = server.url("/api/v1").absoluteString
    let first = try await CLI.run(["rovers", "--json", "--base-url", base], environment: env)
    let second = try await CLI.run(["rovers", "--json", "--max-age", "0s", "--base-url", base], environment: env)
    #expect(second.exitCode == 0, "\(second)")
    #expect(second.stdout == first.stdout)
    #expect(server.requests.count == 2)
    #expect(server.requests.last?.header("if-none-match") == "\"v1\"")
  }

  @Test func sizeLimitEvictsAndInfoTellsTheTruth() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let small = env.merging(["ROVER_CACHE_SIZE": "6k"]) { _, new in new }
    for sol in ["1000", "1001", "1002", "1004"] {
      _ = try await CLI.run(["photos", "curiosity", "--sol", sol], against: api, environment: small)
    }
    let bytes = filesBelow(entriesDirectory).compactMap { fileSize(entriesDirectory.appendingPathComponent($0)) }
    #expect(bytes.reduce(0, +) <= 6_000)
    let info = try await CLI.run(["cache", "info", "--json"], environment: small)
    let object = try #require(try CLI.json(info.stdout) as? [String: Any])
    #expect(object["entries"] as? Int == bytes.count)
    #expect(object["bytes"] as? Int == bytes.reduce(0, +))
    #expect(object["max_bytes"] as? Int == 6_000)
    #expect(object["directory"] as? String == cacheHome.appendingPathComponent("rover").path)
    let cleared = try await CLI.run(["cache", "clear"], environment: small)
    #expect(cleared.exitCode == 0)
    #expect(filesBelow(entriesDirectory).isEmpty)
  }

  @Test func concurrentRunsWritingTheSameEntry() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let results = try await withThrowingTaskGroup(of: RoverProcessResult.self) { group in
      for _ in 0..<6 {
        group.addTask {
          try await CLI.run(["sols", "curiosity", "--refresh", "--json"], against: api, environment: self.env)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.allSatisfy { $0.exitCode == 0 })
    #expect(filesBelow(entriesDirectory).filter { !$0.hasPrefix(".") }.count == 1)
    #expect(filesBelow(entriesDirectory).allSatisfy { !$0.hasSuffix(".tmp") })
    let offline = try await CLI.run(["sols", "curiosity", "--offline", "--json"], against: api, environment: env)
    #expect(offline.exitCode == 0)
    #expect(offline.stdout == results[0].stdout)
  }

  @Test func cacheDirectoryFromEnvironment() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let elsewhere = try TestDirectory.make("rover-cli")
    _ = try await CLI.run(["rovers"], against: api, environment: ["ROVER_CACHE_DIR": elsewhere.path])
    #expect(filesBelow(elsewhere).count == 1)
    let config = try await CLI.run(["config"], environment: ["ROVER_CACHE_DIR": elsewhere.path])
    #expect(config.stdout.contains("environment ROVER_CACHE_DIR"))
  }
}
