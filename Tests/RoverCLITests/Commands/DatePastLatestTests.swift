import Foundation
import RoverTestSupport
import Testing

/// An Earth date past the rover's latest is said as a sol past it is (issue 37, point 6): exit 64 naming the valid
/// dates, not a silent empty success.
@Suite struct DatePastLatestTests {
  @Test(arguments: [
    ["photos", "curiosity", "--earth-date", "2099-01-01"],
    ["photos", "curiosity", "--earth-date", "2099-01-01", "--camera", "mast,navcam"],
    ["fetch-image", "curiosity", "--earth-date", "2098-01-01..2099-01-01", "--dry-run", "-o", "/tmp/unused"],
  ])
  func aDatePastTheLatestIsAUsageError(arguments: [String]) async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let latest = try #require(api.dataset.maxSol(rover: "Curiosity"))
    let lastDate = try #require(api.dataset.earthDate(rover: "Curiosity", sol: latest))
    let result = try await CLI.run(arguments, against: api)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("is past curiosity's latest date"), "\(result.stderr)")
    #expect(result.stderr.contains("(valid: 2012-08-06..\(lastDate))"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  /// The latest date itself is still listed.
  @Test func theLatestDateItselfLists() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let latest = try #require(api.dataset.maxSol(rover: "Curiosity"))
    let lastDate = try #require(api.dataset.earthDate(rover: "Curiosity", sol: latest))
    let result = try await CLI.run(["photos", "curiosity", "--earth-date", lastDate, "--json"], against: api)
    #expect(result.exitCode == 0, "\(result)")
    #expect(try !CLI.jsonArray(result.stdout).isEmpty)
  }
}
