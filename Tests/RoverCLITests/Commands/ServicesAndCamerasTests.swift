import Foundation
import RoverTestSupport
import Testing

@Suite struct ServicesAndCamerasTests {
  @Test func servicesSaysWhichAnswerWithOneDead() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    var environment = AutoServiceTests.environment(nebulum: api.baseURL, nasaRaw: feeds.baseURL)
    environment["ROVER_MARSVISTA_KEY"] = "k"
    // --timeout 30: the live fakes answer well within it however loaded the machine (5 s by default).
    let result = try await CLI.run(["services", "--json", "--timeout", "30"], environment: environment)
    #expect(result.exitCode == 0, "\(result)")
    let rows = try CLI.jsonArray(result.stdout)
    let nebulum = rows.filter { $0["service"] as? String == "nebulum" }
    #expect(nebulum.count == 4)
    #expect(nebulum.first { $0["rover"] as? String == "curiosity" }?["max_sol"] as? Int == 1010)
    let raw = rows.filter { $0["service"] as? String == "nasa-raw" && $0["rover"] as? String == "curiosity" }
    #expect(raw.first?["max_sol"] as? Int == feeds.latestSol(rover: "curiosity"))
    let dead = rows.filter { $0["service"] as? String == "nasa" }
    #expect(!dead.isEmpty && dead.allSatisfy { $0["reachable"] as? Bool == false && $0["error"] is String })
  }

  /// Reachable means an HTTP answer came back: not with every service on a closed port, nor offline (where the
  /// DNS failure once came back as "yes" with a latency).
  @Test(arguments: ["http://127.0.0.1:9", "http://nonexistent.invalid"])
  func noServiceAnsweringIsNoEverywhereAnd69(dead: String) async throws {
    let result = try await CLI.run(["services", "--json"], environment: AutoServiceTests.environment(allAt: dead))
    #expect(result.exitCode == 69, "\(result)")
    let rows = try CLI.jsonArray(result.stdout)
    #expect(rows.count == 18, "\(result)")
    for row in rows {
      #expect(row["reachable"] as? Bool == false, "\(row)")
      #expect(row["latency_ms"] == nil, "\(row)")
      #expect((row["error"] as? String)?.contains(dead) == true, "\(row)")
    }
  }

  /// One local service answering, the rest offline: that one is "yes", the others "no", and the exit is 0.
  @Test func oneServiceAnsweringIsYesAndZero() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    var environment = AutoServiceTests.environment(allAt: "http://nonexistent.invalid")
    environment["ROVER_NEBULUM_URL"] = api.baseURL.absoluteString
    let result = try await CLI.run(["services"], environment: environment)
    #expect(result.exitCode == 0, "\(result)")
    let rows = result.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: "\t").map(String.init) }
    #expect(rows.count == 18, "\(result)")
    let header = result.stdout.prefix { $0 != "\n" }.split(separator: "\t").map(String.init)
    #expect(header == ["SERVICE", "ROVER", "REACHABLE", "LATENCY", "MAX SOL", "ERROR"], "\(header)")
    for row in rows {
      #expect(row[2] == (row[0] == "nebulum" ? "yes" : "no"), "\(row)")
      #expect(row[3].hasSuffix(" ms") == (row[0] == "nebulum"), "\(row)")
    }
  }

  @Test func camerasListsNamesGroupsAndColor() async throws {
    let result = try await CLI.run(["cameras", "perseverance", "--json"])
    #expect(result.exitCode == 0, "\(result)")
    let cameras = try CLI.jsonArray(result.stdout)
    let navcams = cameras.filter { $0["group"] as? String == "NAVCAM" }.compactMap { $0["name"] as? String }
    #expect(navcams == ["NAVCAM_LEFT", "NAVCAM_RIGHT"])
    // The table's header in the style of every other table: capitals, like `rovers` and `photos`.
    let table = try await CLI.run(["cameras", "perseverance"])
    let header = table.stdout.prefix { $0 != "\n" }.split { $0 == " " || $0 == "\t" }
    #expect(header.joined(separator: " ") == "NAME FULL NAME GROUP COLOR", "\(table.stdout)")
    // An unknown rover is 66 with the closest name, as for every other command.
    let unknown = try await CLI.run(["cameras", "voyager"])
    #expect(unknown.exitCode == 66, "\(unknown)")
    #expect(unknown.stderr.hasPrefix("rover: unknown rover 'voyager'"), "\(unknown.stderr)")
    let misspelt = try await CLI.run(["cameras", "insigth"])
    #expect(misspelt.stderr == "rover: unknown rover 'insigth'; did you mean 'insight'?\n", "\(misspelt.stderr)")
  }

  /// `--camera NAVCAM` on Perseverance selects the group's members on every service.
  @Test func aCameraGroupSelectsItsMembers() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(
      ["photos", "perseverance", "--sol", "100", "--camera", "navcam", "--format", "jsonl"], against: api)
    #expect(result.exitCode == 0, "\(result)")
    let names = Set(
      try CLI.jsonLines(result.stdout).compactMap { ($0["camera"] as? [String: Any])?["name"] as? String })
    #expect(names == ["NAVCAM_LEFT", "NAVCAM_RIGHT"], "\(names)")
  }
}
