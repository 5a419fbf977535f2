import Foundation
import RoverTestSupport
import Testing

@Suite struct SolsCommandTests {
  @Test func rangeFromManifestSortedWithCounts() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(["sols", "curiosity", "--from", "1000", "--to", "1005", "--json"], against: api)
    #expect(result.exitCode == 0, "\(result)")
    let sols = try CLI.jsonArray(result.stdout)
    let expected = api.dataset.solsWithPhotos(rover: "Curiosity").filter { (1000...1005).contains($0) }
    #expect(sols.compactMap { $0["sol"] as? Int } == expected)
    for entry in sols {
      let sol = try #require(entry["sol"] as? Int)
      #expect(entry["total_photos"] as? Int == api.dataset.photos(rover: "Curiosity", sol: sol).count)
      #expect(entry["earth_date"] as? String == api.dataset.earthDate(rover: "Curiosity", sol: sol))
    }
    #expect(api.requestCount(pathPrefix: "/api/v1/manifests/curiosity") == 1)
  }

  @Test func cameraFilterKeepsOnlySolsWhereItShot() async throws {
    let api = try MockRoverAPI(shape: .marsVista)
    defer { api.stop() }
    let result = try await CLI.run(
      ["sols", "perseverance", "--camera", "navcam_left", "--json"], against: api, service: "marsvista")
    #expect(result.exitCode == 0, "\(result)")
    let sols = try CLI.jsonArray(result.stdout).compactMap { $0["sol"] as? Int }
    let expected = api.dataset.solsWithPhotos(rover: "Perseverance").filter {
      !api.dataset.photos(rover: "Perseverance", sol: $0, camera: "NAVCAM_LEFT").isEmpty
    }
    #expect(sols == expected)
  }

  @Test func tableRows() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(["sols", "curiosity"], against: api)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first?.trimmingCharacters(in: .whitespaces).hasPrefix("SOL") == true)
    #expect(lines.count == api.dataset.solsWithPhotos(rover: "Curiosity").count + 1)
  }

  @Test func manifestSummaryAndSols() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let summary = try await CLI.run(["manifest", "curiosity", "--json"], against: api)
    let object = try #require(try CLI.json(summary.stdout) as? [String: Any])
    #expect(object["name"] as? String == "Curiosity")
    #expect(object["max_sol"] as? Int == api.dataset.maxSol(rover: "Curiosity"))
    #expect(object["photos"] == nil)
    let full = try await CLI.run(["manifest", "curiosity", "--sols", "--json"], against: api)
    let withSols = try #require(try CLI.json(full.stdout) as? [String: Any])
    #expect((withSols["photos"] as? [Any])?.count == api.dataset.solsWithPhotos(rover: "Curiosity").count)
    let table = try await CLI.run(["manifest", "curiosity"], against: api)
    #expect(table.stdout.contains("max sol"))
    #expect(table.stdout.contains(String(api.dataset.maxSol(rover: "Curiosity") ?? -1)))
  }
}
