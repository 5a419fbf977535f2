import Foundation
import RoverTestSupport
import Testing

/// A number a service sends is checked before anything is sized by it: a sol no rover can have reached is one line
/// naming the service and the number, exit 65, before any listing; a listing that will not end is exit 3.
@Suite struct HostileNumbersTests {
  /// Curiosity's raw feed claiming `latest_sol`, answering nothing else but empty pages.
  static func rawFeed(latestSol: String) throws -> TestHTTPServer {
    try TestHTTPServer { request in
      if request.path.contains("/latest") {
        return .json(#"{"success":true,"latest_data":{"latest_sol":\#(latestSol),"total":5}}"#)
      }
      return .json(#"{"items":[],"more":false,"total":0}"#)
    }
  }

  /// nebulum's manifest with `max_sol`, one sol listed.
  static func manifestAPI(maxSol: String) throws -> TestHTTPServer {
    try TestHTTPServer { request in
      guard request.path.contains("manifests") else { return .json(#"{"photos":[]}"#) }
      return .json(
        #"{"photo_manifest":{"name":"Curiosity","landing_date":"2012-08-06","launch_date":"2011-11-26","#
          + #""status":"active","max_sol":\#(maxSol),"max_date":"2012-08-16","total_photos":1,"#
          + #""photos":[{"sol":5,"earth_date":"2012-08-11","total_photos":1,"cameras":["FHAZ"]}]}}"#)
    }
  }

  func expectRefused(_ result: RoverProcessResult, naming number: String, service: String) {
    #expect(result.exitCode == 65, "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result)")
    #expect(result.stderr.contains(number) && result.stderr.contains(service), "\(result)")
  }

  @Test(arguments: ["10000000000", "100000000", "10000000", "9223372036854775807", "-3"])
  func aWildLatestSolStopsEveryCommandBeforeAnyListing(latestSol: String) async throws {
    let server = try Self.rawFeed(latestSol: latestSol)
    defer { server.stop() }
    let dir = try TestDirectory.make()
    defer { try? FileManager.default.removeItem(at: dir) }
    let base = ["--service", "nasa-raw", "--base-url", server.baseURL.absoluteString]
    let state = ["XDG_STATE_HOME": dir.appendingPathComponent("state").path]
    for command in [
      ["photos", "curiosity", "--sol", "4..", "--format", "jsonl"], ["sync", "curiosity", "-o", dir.path],
      ["watch", "curiosity", "--once"], ["sols", "curiosity"],
    ] {
      let result = try await CLI.run(base + command, environment: state)
      expectRefused(result, naming: latestSol, service: "nasa-raw")
      // Only the latest-sol summary was asked for: no sol was listed.
      let paths = server.requests.map(\.path)
      #expect(paths.allSatisfy { $0.contains("/latest") }, "\(paths)")
      server.resetLog()
    }
  }

  /// Int64.max once trapped; a negative one listed nothing and succeeded. Both are refused (65) before any listing.
  @Test(arguments: ["9223372036854775807", "-3"])
  func aManifestMaxSolNoRoverReachedIsRefused(maxSol: String) async throws {
    let server = try Self.manifestAPI(maxSol: maxSol)
    defer { server.stop() }
    let dir = try TestDirectory.make()
    defer { try? FileManager.default.removeItem(at: dir) }
    let base = ["--service", "nebulum", "--base-url", server.url("/api/v1").absoluteString]
    let state = ["XDG_STATE_HOME": dir.appendingPathComponent("state").path]
    for command in [
      ["sync", "curiosity", "-o", dir.path, "--lookback", "7"], ["watch", "curiosity", "--once"],
      ["photos", "curiosity", "--sol", "4..", "--format", "jsonl"],
    ] {
      let result = try await CLI.run(base + command, environment: state)
      expectRefused(result, naming: maxSol, service: "nebulum")
    }
  }

  /// PDS facets naming sols far past Opportunity's last contact: refused at once, not an hour of listing.
  @Test func pdsFacetsPastTheMissionsEndAreRefused() async throws {
    let products =
      MockPDS.standard + [
        MockPDSProduct(spacecraft: "opportunity", camera: "n", sol: 300_000, day: "2010-01-01", minutes: 0)
      ]
    let pds = try MockPDS(products: products)
    defer { pds.stop() }
    let dir = try TestDirectory.make()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try await CLI.run(["sync", "opportunity", "-o", dir.path], against: pds)
    expectRefused(result, naming: "300000", service: "pds")
    // The facet search alone: no sol was listed.
    let requests = pds.server.requests
    #expect(requests.allSatisfy { $0.query("facet") == "true" }, "\(requests.map(\.queryItems))")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasPrefix(".") }
    #expect(names.isEmpty, "\(names)")
  }

  /// A sol whose pages never end: exit 3 with the reason, not success after half a million lines.
  @Test func anEndlessSolIsIncompleteNotSuccess() async throws {
    let server = try TestHTTPServer { request in
      if request.path.contains("manifests") {
        return .json(
          #"{"photo_manifest":{"name":"Curiosity","landing_date":"2012-08-06","launch_date":"2011-11-26","#
            + #""status":"active","max_sol":10,"max_date":"2012-08-16","total_photos":1000000,"#
            + #""photos":[{"sol":5,"earth_date":"2012-08-11","total_photos":1000000,"cameras":["FHAZ"]}]}}"#)
      }
      let page = Int(request.query("page") ?? "1") ?? 1
      let photos = ((page - 1) * 100..<page * 100).map { id in
        #"{"id":\#(id),"sol":5,"camera":{"name":"FHAZ"},"img_src":"http://127.0.0.1:9/\#(id).jpg","#
          + #""earth_date":"2012-08-11","rover":{"name":"Curiosity"}}"#
      }
      return .json(#"{"photos":[\#(photos.joined(separator: ","))]}"#)
    }
    defer { server.stop() }
    let result = try await CLI.run(
      ["--service", "nebulum", "--base-url", server.url("/api/v1").absoluteString, "photos", "curiosity", "--sol", "5"])
    #expect(result.exitCode == 3, "\(result.exitCode) \(result.stderr)")
    #expect(result.stderr.contains("incomplete") && result.stderr.contains("sol 5"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }
}
