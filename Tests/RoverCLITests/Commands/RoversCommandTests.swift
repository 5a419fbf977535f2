import Foundation
import RoverTestSupport
import Testing

@Suite struct RoversCommandTests {
  @Test(arguments: [MockServiceShape.original, .marsVista])
  func jsonListsEveryRoverWithServiceFieldNames(shape: MockServiceShape) async throws {
    let api = try MockRoverAPI(shape: shape, apiKey: shape == .marsVista ? "mv_live_test" : nil)
    defer { api.stop() }
    let result = try await CLI.run(
      ["rovers", "--json"], against: api, service: shape == .marsVista ? "marsvista" : nil,
      environment: ["ROVER_API_KEY": "mv_live_test"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.isEmpty)
    let rovers = try CLI.jsonArray(result.stdout)
    #expect(rovers.compactMap { $0["name"] as? String }.sorted() == api.dataset.rovers.map(\.name).sorted())
    let curiosity = try #require(rovers.first { $0["name"] as? String == "Curiosity" })
    #expect(curiosity["max_sol"] as? Int == api.dataset.maxSol(rover: "Curiosity"))
    #expect(curiosity["total_photos"] as? Int == api.dataset.totalPhotos(rover: "Curiosity"))
    #expect(curiosity["landing_date"] as? String == "2012-08-06")
    // A rover with no photos reads the same on both services: null, not 0 or "".
    let opportunity = try #require(rovers.first { $0["name"] as? String == "Opportunity" })
    #expect(opportunity["max_sol"] is NSNull)
    #expect(opportunity["max_date"] is NSNull)
  }

  @Test func tableHasHeaderAndOneAlignedRowPerRover() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(["rovers"], against: api)
    #expect(result.exitCode == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("NAME") == true)
    #expect(lines.count == api.dataset.rovers.count + 1)
    #expect(!result.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    let statusColumn = try #require(lines[0].range(of: "STATUS")).lowerBound.utf16Offset(in: lines[0])
    for line in lines.dropFirst() {
      let status = line.dropFirst(statusColumn).prefix(8)
      #expect(status.hasPrefix("active") || status.hasPrefix("complete"), "\(line)")
    }
  }

  @Test func jsonLinesAndCSV() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let lines = try await CLI.run(["rovers", "--format", "jsonl"], against: api)
    #expect(try CLI.jsonLines(lines.stdout).count == api.dataset.rovers.count)
    let csv = try await CLI.run(["rovers", "--format", "csv"], against: api)
    #expect(csv.stdout.hasPrefix("NAME,STATUS,LAUNCH,LANDING,MAX SOL,MAX DATE,PHOTOS,CAMERAS\n"))
    #expect(csv.stdout.split(separator: "\n").count == api.dataset.rovers.count + 1)
  }

  @Test func colourOnlyWhenAskedAndNotWithNoColor() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let forced = try await CLI.run(["rovers", "--color", "always"], against: api)
    #expect(forced.stdout.contains("\u{1B}[1m"))
    let vetoed = try await CLI.run(["rovers", "--color", "always"], against: api, environment: ["NO_COLOR": "1"])
    #expect(!vetoed.stdout.contains("\u{1B}["))
  }

  @Test func connectionFlagsWorkBeforeAndAfterTheSubcommand() async throws {
    let api = try MockRoverAPI(shape: .marsVista, apiKey: "mv_live_k")
    defer { api.stop() }
    let before = try await RoverProcess.run(
      ["--service", "marsvista", "--base-url", api.baseURL.absoluteString, "--api-key", "mv_live_k", "rovers"])
    #expect(before.exitCode == 0, "\(before)")
    let after = try await RoverProcess.run(
      ["rovers", "--service", "marsvista", "--base-url", api.baseURL.absoluteString, "--api-key", "mv_live_k"])
    #expect(after.exitCode == 0, "\(after)")
    #expect(api.requests.allSatisfy { $0.header("x-api-key") == "mv_live_k" })
    #expect(api.requests.allSatisfy { $0.header("user-agent")?.hasPrefix("rover/") == true })
    #expect(api.requests.allSatisfy { $0.header("accept") == "application/json" })
  }
}
