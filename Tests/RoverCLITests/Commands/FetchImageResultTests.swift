import Foundation
import RoverTestSupport
import Testing

/// What a script reading `fetch-image --json` sees (issue 37, point 3): every photo asked for ends as exactly one
/// record, an id the service does not know as a `failed` one with the reason, and the summary counts it.
@Suite struct FetchImageResultTests {
  @Test func anUnknownIDIsAFailedRecordAndCounted() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let known = try #require(api.dataset.photos(rover: "Curiosity", sol: 1010).first)
    let result = try await CLI.run(
      ["fetch-image", String(known.id), "424242", "-o", dir.path, "--json"], against: api)
    #expect(result.exitCode == 3, "\(result)")
    let records = try CLI.jsonLines(result.stdout)
    #expect(records.count == 2, "\(result.stdout)")
    let byID = Dictionary(uniqueKeysWithValues: records.map { ($0["id"] as? Int ?? -1, $0) })
    #expect(byID[known.id]?["status"] as? String == "downloaded")
    let failed = try #require(byID[424242], "\(records)")
    #expect(failed["status"] as? String == "failed")
    #expect((failed["error"] as? String)?.contains("no photo with id 424242") == true, "\(failed)")
    // Unknown fields are null, present: a script reads the same keys in every record.
    #expect(failed.keys.contains("img_src") && failed["img_src"] is NSNull)
    #expect(failed.keys.contains("path") && failed["path"] is NSNull)
    #expect(result.stderr.contains("downloaded 1, skipped 0, failed 1"), "\(result.stderr)")
  }

  /// An id alone that is unknown keeps its own exit code, and is still one record; a dry run says it too.
  @Test func anUnknownIDAloneIsOneRecordAndItsOwnExit() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    for extra in [[], ["--dry-run"]] {
      let result = try await CLI.run(["fetch-image", "424242", "-o", dir.path, "--json"] + extra, against: api)
      #expect(result.exitCode == 66, "\(result)")
      let records = try CLI.jsonLines(result.stdout)
      #expect(records.count == 1 && records.first?["status"] as? String == "failed", "\(extra): \(result.stdout)")
    }
  }
}

/// A run that fails before its first photo leaves nothing behind (issue 37, point 4): no folder, record or lock.
@Suite struct NothingLeftBehindTests {
  @Test func aNameClashCreatesNothing() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let folder = try TestDirectory.make("rover-cli").appendingPathComponent("new")
    let result = try await CLI.run(
      ["fetch-image", "curiosity", "--sol", "1000", "--name", "{sol}.{ext}", "-o", folder.path], against: api)
    #expect(result.exitCode == 64, "\(result)")
    #expect(!FileManager.default.fileExists(atPath: folder.path), "\(folder.path) was created")
    #expect(api.requestCount(pathPrefix: "/images/") == 0)
  }

  /// No network: the first request fails, and the folder it would have filled is not made.
  @Test func aFirstRequestFailingCreatesNothing() async throws {
    let folder = try TestDirectory.make("rover-cli").appendingPathComponent("new")
    let result = try await CLI.run(
      ["fetch-image", "102693", "-o", folder.path, "--base-url", "http://127.0.0.1:9", "--retries", "0"])
    #expect(result.exitCode != 0, "\(result)")
    #expect(!FileManager.default.fileExists(atPath: folder.path), "\(folder.path) was created")
  }
}
