import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// What a program on RoverCore gets from `PhotoClient` alone: the frames its filter asks for.
@Suite struct PhotoClientTests {
  /// The real sol's records, and one of them re-sent by NASA as version 03 under the same `imageid`.
  static func feedWithAResentFrame() throws -> (TestHTTPServer, sol: Int, resent: String) {
    var records = try FeedMetadataTests.records("m2020-records")
    let index = try #require(
      records.firstIndex { ($0["image_files"] as? [String: String])?["large"]?.contains("J01_") == true })
    let original = try JSONSerialization.data(withJSONObject: records[index])
    let resent = String(decoding: original, as: UTF8.self).replacingOccurrences(of: "J01", with: "J03")
    records.append(try #require(try JSONSerialization.jsonObject(with: Data(resent.utf8)) as? FeedMetadataTests.Record))
    let large = try #require((records.last?["image_files"] as? [String: String])?["large"])
    return (try FeedMetadataTests.server(records), try #require(records[index]["sol"] as? Int), large)
  }

  @Test func everyVersionIsListedWhenTheFilterAsksAndTheNewestOtherwise() async throws {
    let (server, sol, resent) = try Self.feedWithAResentFrame()
    defer { server.stop() }
    var settings = ConnectionSettings(service: .preset(.nasaRaw), baseURL: server.baseURL)
    settings.cacheMode = CacheMode(.disabled)
    settings.engine = .testing
    func listed(_ filter: PhotoFilter) async throws -> [String] {
      var sources: [String] = []
      for try await photo in try PhotoClient(settings: settings, filter: filter).photos(of: "perseverance", sol: sol) {
        sources.append(photo.imageSource)
      }
      return sources
    }
    let newest = try await listed(PhotoFilter())
    let all = try await listed(PhotoFilter(versions: .all))
    #expect(all.count == newest.count + 1)
    #expect(newest.contains(resent))
    #expect(!newest.contains(resent.replacingOccurrences(of: "J03", with: "J01")))
    #expect(all.contains(resent.replacingOccurrences(of: "J03", with: "J01")))
  }
}
