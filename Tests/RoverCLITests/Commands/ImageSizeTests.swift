import Foundation
import RoverTestSupport
import Testing

/// `--size` on every service: mapped to what each has, said once where it cannot be honoured.
@Suite struct ImageSizeTests {
  @Test func aServiceWithOneSizeSaysSoOnce() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(
      ["photos", "curiosity", "--sol", "1000..1002", "--size", "full", "--format", "urls"], against: api)
    #expect(result.exitCode == 0, "\(result)")
    let warnings = result.stderr.split(separator: "\n").filter { $0.contains("one image size per photo") }
    #expect(warnings.count == 1, "\(result.stderr)")
    let plain = try await CLI.run(["photos", "curiosity", "--sol", "1000", "--format", "urls"], against: api)
    #expect(plain.stderr.isEmpty)
  }

  @Test func thePDSMapsSmallToItsCatalogImage() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let sol = try #require(pds.sols(rover: "opportunity").first)
    let base = CLI.options(pds) + ["photos", "opportunity", "--sol", String(sol)]
    let small = try await CLI.run(base + ["--size", "small", "--format", "urls"])
    let large = try await CLI.run(base + ["--format", "urls"])
    #expect(small.exitCode == 0 && large.exitCode == 0, "\(small) \(large)")
    #expect(small.stdout.split(separator: "\n").allSatisfy { $0.contains("/extras/catalog/") }, "\(small.stdout)")
    #expect(large.stdout.split(separator: "\n").allSatisfy { $0.contains("/browse/") }, "\(large.stdout)")
  }
}
