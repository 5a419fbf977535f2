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

  /// Not a terminal: a plain tab-separated table, header first, for `cut -f` and `awk -F'\t'`.
  @Test func tableIsTabSeparatedWhenNotATerminal() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(["rovers"], against: api)
    #expect(result.exitCode == 0)
    let lines = result.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    #expect(
      lines.first?.map(String.init) == [
        "NAME", "STATUS", "LAUNCH", "LANDING", "MAX SOL", "MAX DATE", "PHOTOS", "CAMERAS",
      ])
    #expect(lines.count == api.dataset.rovers.count + 1)
    #expect(!result.stdout.contains("\u{1B}["), "no color when stdout is not a terminal")
    for line in lines.dropFirst() {
      #expect(line.count == 8)
      #expect(["active", "complete"].contains(String(line[1])), "\(line)")
    }
  }

  /// On a terminal (a pseudo-terminal 60 columns wide), columns line up and the table fits: long cells end in "…".
  @Test func tableOnATerminalIsAlignedAndFitsItsWidth() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let rover = try RoverProcess.roverExecutableURL().path
    let command = "stty cols 60 rows 40; \(rover) photos curiosity --sol 1000 --base-url \(api.baseURL.absoluteString)"
    let result = try await RoverProcess.run(
      executable: URL(fileURLWithPath: "/usr/bin/script"), arguments: ["-qec", command, "/dev/null"])
    #expect(result.exitCode == 0, "\(result)")
    // The pseudo-terminal carries stderr too: the status line, cleared, before the table.
    let output = result.stdout.replacingOccurrences(of: "\r", with: "")
    let table = output.components(separatedBy: "\u{1B}[2K").last ?? output
    let lines = table.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("\u{1B}[1mID") == true, "the header in bold, not escaped: \(lines.first ?? "")")
    #expect(lines.count == api.dataset.photos(rover: "Curiosity", sol: 1000).count + 1, "\(lines)")
    #expect(lines.dropFirst().allSatisfy { $0.count <= 60 }, "\(lines)")
    #expect(lines.dropFirst().allSatisfy { $0.hasSuffix("…") }, "image URLs are cut: \(lines)")
    #expect(!result.stdout.contains("\t"))
  }

  @Test func jsonLinesAndCSV() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let lines = try await CLI.run(["rovers", "--format", "jsonl"], against: api)
    #expect(try CLI.jsonLines(lines.stdout).count == api.dataset.rovers.count)
    let csv = try await CLI.run(["rovers", "--format", "csv"], against: api)
    // CSV speaks JSON's field names; a JSON null is an empty field.
    #expect(
      csv.stdout.hasPrefix("name,status,launch_date,landing_date,max_sol,max_date,total_photos,cameras\n"))
    #expect(csv.stdout.split(separator: "\n").count == api.dataset.rovers.count + 1)
    let opportunity = try #require(csv.stdout.split(separator: "\n").first { $0.hasPrefix("Opportunity,") })
    #expect(opportunity.split(separator: ",", omittingEmptySubsequences: false)[4].isEmpty, "\(opportunity)")
  }

  /// `--color always` is asked for in so many words, so it wins over NO_COLOR; auto follows the terminal.
  @Test func colorOnlyWhenAskedAndAlwaysWinsOverNoColor() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let forced = try await CLI.run(["rovers", "--color", "always"], against: api)
    #expect(forced.stdout.contains("\u{1B}[1m"))
    let both = try await CLI.run(["rovers", "--color", "always"], against: api, environment: ["NO_COLOR": "1"])
    #expect(both.stdout.contains("\u{1B}[1m"))
    let auto = try await CLI.run(["rovers"], against: api)
    #expect(!auto.stdout.contains("\u{1B}["))
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
