import Foundation
import RoverTestSupport
import Testing

/// `rovers` on NASA's raw feeds checks each rover's latest sol on its own: a real number past a plain date count
/// (InSight's 1 446, api-reference 8.12) passes, and one absurd number drops only that rover, with one warning.
@Suite struct RoversNumbersTests {
  /// The four feed rovers' latest sols as the feeds write them; InSight's given by `insight`.
  static func feeds(insight: String, curiosity: String = "4683") throws -> TestHTTPServer {
    try TestHTTPServer { request in
      let path = request.path
      if path.contains("/insight/latest") {
        return .json(#"{"success":true,"latest_data":{"latest_sol":\#(insight),"total":14000}}"#)
      }
      if path.contains("/msl/latest") {
        return .json(#"{"success":true,"latest_data":{"latest_sol":\#(curiosity),"total":1388361}}"#)
      }
      // Perseverance and Ingenuity: `latest=true` on the images feed.
      if path.contains("raw_image_items") { return .json(#"{"items":[],"more":false,"total":0}"#) }
      let ingenuity = request.query("category")?.contains("ingenuity") ?? false
      return .json(#"{"latest_sol":\#(ingenuity ? 1069 : 1647),"total":887593,"images":[]}"#)
    }
  }

  static func run(_ server: TestHTTPServer, _ extra: [String] = []) async throws -> RoverProcessResult {
    try await CLI.run(
      ["rovers", "--json", "--service", "nasa-raw", "--base-url", server.baseURL.absoluteString] + extra)
  }

  @Test func insightAt1446IsListedAndExitsZero() async throws {
    let server = try Self.feeds(insight: "1446")
    defer { server.stop() }
    let result = try await Self.run(server)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.isEmpty, "\(result)")
    let rovers = try CLI.jsonArray(result.stdout)
    #expect(rovers.count == 4, "\(result)")
    let insight = try #require(rovers.first { ($0["name"] as? String)?.lowercased() == "insight" })
    #expect(insight["max_sol"] as? Int == 1446)
  }

  @Test(arguments: ["10000000000", "-3"])
  func oneAbsurdSolDropsThatRoverWithOneWarning(sol: String) async throws {
    let server = try Self.feeds(insight: "1446", curiosity: sol)
    defer { server.stop() }
    let result = try await Self.run(server)
    #expect(result.exitCode == 0, "\(result)")
    let names = try CLI.jsonArray(result.stdout).compactMap { ($0["name"] as? String)?.lowercased() }
    #expect(names.sorted() == ["ingenuity", "insight", "perseverance"], "\(result)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result)")
    #expect(result.stderr.contains(sol) && result.stderr.contains("curiosity") && result.stderr.contains("nasa-raw"))
    // Under -q the warning is not printed; the listing is the same.
    let quiet = try await Self.run(server, ["-q"])
    #expect(quiet.exitCode == 0 && quiet.stderr.isEmpty, "\(quiet)")
  }
}
