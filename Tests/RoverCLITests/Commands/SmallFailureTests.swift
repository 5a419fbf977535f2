import Foundation
import RoverTestSupport
import Testing

/// Failures that used to be reported wrongly: a cache clear that did not clear, a write error said twice.
@Suite struct SmallFailureTests {
  @Test func cacheClearThatCannotRemoveIs74() async throws {
    let home = try TestDirectory.make("rover-cli")
    let entries = home.appendingPathComponent("rover/responses/stuck.entry/inside")
    try FileManager.default.createDirectory(at: entries, withIntermediateDirectories: true)
    let result = try await CLI.run(["cache", "clear"], environment: ["XDG_CACHE_HOME": home.path])
    #expect(result.exitCode == 74, "\(result)")
    #expect(result.stderr.contains("cannot remove 1 cached response"), "\(result)")
  }

  @Test func writeErrorIsSaidOnce() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    // A directory where the image file should go: that photo fails (exit 3), said once, and the run goes on.
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("curiosity_1000_FHAZ_1.jpg/x"), withIntermediateDirectories: true)
    let line = PhotoLines.line(id: "1", imgSrc: api.server.url("/images/a.jpg").absoluteString)
    let result = try await CLI.run(["fetch-image", "-", "-o", dir.path], stdin: PhotoLines.data([line]))
    #expect(result.exitCode == 3, "\(result)")
    #expect(result.stderr.contains("a directory is in the way"), "\(result.stderr)")
    let mentions = result.stderr.split(separator: "\n").filter { $0.contains("cannot write") }
    #expect(mentions.count == 1, "\(result.stderr)")
  }

  @Test func aBodyThatIsNotAPageIsNotCalledOne() async throws {
    let server = try TestHTTPServer { _ in .text("plain text, not an image") }
    defer { server.stop() }
    let line = PhotoLines.line(id: "1", imgSrc: server.url("/a.jpg").absoluteString)
    let result = try await CLI.run(
      ["fetch-image", "-", "-o", try TestDirectory.make("rover-cli").path], stdin: PhotoLines.data([line]))
    #expect(result.exitCode == 3, "\(result)")
    #expect(result.stderr.contains("not an image (text/plain"))
    #expect(!result.stderr.contains("web page"))
  }

  /// Spirit and Opportunity links the Photos-API copies list are dead (NASA's pages answer): one line says what to
  /// do, not one long line per photo; each failure still counts in the summary and in --json.
  @Test func deadSpiritLinksAreExplainedOnce() async throws {
    let server = try TestHTTPServer { _ in .html("<html>Mars resources</html>") }
    defer { server.stop() }
    let lines = (1...5).map {
      PhotoLines.line(
        id: String($0), imgSrc: server.url("/mer/gallery/all/2/n/1/\($0).JPG").absoluteString, rover: "Spirit")
    }
    let result = try await CLI.run(
      ["fetch-image", "-", "-o", try TestDirectory.make("rover-cli").path, "--json"], stdin: PhotoLines.data(lines))
    #expect(result.exitCode == 3, "\(result)")
    let said = result.stderr.split(separator: "\n").filter {
      $0.contains("Spirit and Opportunity images are served by the PDS: use --service pds")
    }
    #expect(said.count == 1, "\(result.stderr)")
    #expect(!result.stderr.contains("failed photo"), "\(result.stderr)")
    #expect(result.stderr.contains("downloaded 0, skipped 0, failed 5"), "\(result.stderr)")
    let records = try CLI.jsonLines(result.stdout)
    #expect(records.count == 5)
    #expect(records.allSatisfy { $0["status"] as? String == "failed" && $0["error"] is String })
  }
}
