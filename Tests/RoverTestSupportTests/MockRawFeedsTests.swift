import Foundation
import RoverTestSupport
import Testing

/// The raw feeds answer in api-reference 4's shapes, quirks included, with the fields RoverCore reads.
@Suite("MockRawFeeds")
struct MockRawFeedsTests {
  static let m2020 = MockRawFeeds.perseverancePath + "?feed=raw_images&category=mars2020&feedtype=json"

  @Test("Perseverance: string per_page, page number or string, some sols as strings, image_files")
  func perseverancePages() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let first = try await HTTPClient.get(feeds.url(Self.m2020 + "&sol=100&num=100&page=0")).object()
    #expect(first["per_page"] as? String == "100" && first["page"] as? Int == 0)
    #expect(first["total_results"] as? Int == 150)
    let images = try #require(first["images"] as? [[String: Any]])
    #expect(images[9]["sol"] as? String == "100" && images[0]["sol"] as? Int == 100)
    let files = try #require(images[0]["image_files"] as? [String: String])
    #expect(files["full_res"]?.hasPrefix(feeds.baseURL.absoluteString + "/images/m2020/100/") == true)
    let second = try await HTTPClient.get(feeds.url(Self.m2020 + "&sol=100&num=100&page=1")).object()
    #expect(second["page"] as? String == "1" && (second["images"] as? [Any])?.count == 50)
    let full = try await HTTPClient.get(feeds.url(Self.m2020 + "&sol=100&extended=sample_type::full")).object()
    #expect(full["total_results"] as? Int == 100)
  }

  @Test("Perseverance: an empty sol gets other sols' images; Ingenuity only in its category; latest and id")
  func perseveranceQuirks() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let fallback = try await HTTPClient.get(feeds.url(Self.m2020 + "&sol=102")).object()
    #expect((fallback["images"] as? [[String: Any]])?.allSatisfy { $0["sol"] as? Int != 102 } == true)
    #expect(fallback["total_results"] as? Int ?? 0 > 0)
    let both = MockRawFeeds.perseverancePath + "?feed=raw_images&category=mars2020,ingenuity&feedtype=json&sol=62"
    let ingenuity = try await HTTPClient.get(feeds.url(both)).object()
    #expect(ingenuity["total_results"] as? Int == 2)
    let m2020Only = try await HTTPClient.get(feeds.url(Self.m2020 + "&sol=62")).object()
    #expect((m2020Only["images"] as? [[String: Any]])?.allSatisfy { $0["sol"] as? Int != 62 } == true)
    let latest = try await HTTPClient.get(feeds.url(Self.m2020 + "&latest=true")).object()
    #expect(latest["latest_sol"] as? Int == 103)
    let image = try #require(feeds.images(rover: "perseverance", sol: 101).first)
    let one = try await HTTPClient.get(feeds.url(Self.m2020 + "&id=\(image.id)")).object()
    #expect((one["images"] as? [[String: Any]])?.first?["imageid"] as? String == image.id)
    let page = try await HTTPClient.get(feeds.url(MockRawFeeds.perseverancePath + "?feed=raw_images"))
    #expect(page.status == 404 && page.text.hasPrefix("<!DOCTYPE html>"))
  }

  @Test("Curiosity: needs msl:mission, ints and bools in the envelope, lower-case extended.sample_type")
  func curiosity() async throws {
    let feeds = try MockRawFeeds()
    defer { feeds.stop() }
    let path = MockRawFeeds.curiosityPath + "?condition_1=msl:mission&condition_2=4600:sol:in&per_page=200&page=1"
    let page = try await HTTPClient.get(feeds.url(path)).object()
    #expect(page["total"] as? Int == 240 && page["more"] as? Bool == false && page["page"] as? Int == 1)
    let item = try #require((page["items"] as? [[String: Any]])?.first)
    #expect((item["extended"] as? [String: String])?["sample_type"] != nil)
    #expect(item["is_thumbnail"] is Bool && item["id"] is Int && item["https_url"] as? String == item["url"] as? String)
    let other = try await HTTPClient.get(feeds.url(MockRawFeeds.curiosityPath + "?condition_1=m2020:mission")).object()
    #expect((other["items"] as? [Any])?.isEmpty == true)
    let latest = try await HTTPClient.get(feeds.url(MockRawFeeds.curiosityLatestPath)).object()
    #expect((latest["latest_data"] as? [String: Any])?["latest_sol"] as? Int == 4605)
    let image = try await HTTPClient.get(try #require(item["url"] as? String).asURL())
    #expect(image.header("content-type") == "image/jpeg" && image.body.prefix(2) == Data([0xFF, 0xD8]))
  }
}

extension String {
  fileprivate func asURL() throws -> URL {
    try #require(URL(string: self))
  }
}
