import Foundation
import RoverTestSupport
import Testing

/// The three shapes answer as api-reference 1-3 shows them: key order, nulls, paging and error bodies.
@Suite("MockRoverAPI")
struct MockRoverAPITests {
  @Test("the standard data set and the services' earth-date formula (api-reference 1.6)")
  func dataset() {
    let dataset = MockDataset.standard
    #expect(dataset.rovers.map(\.name) == ["Curiosity", "Opportunity", "Spirit", "Perseverance"])
    #expect(
      [1000, 1001, 1002, 1004, 1007, 1010].map { dataset.photos(rover: "Curiosity", sol: $0).count }
        == [60, 25, 26, 3, 130, 7])
    #expect(dataset.maxSol(rover: "Opportunity") == nil)
    #expect(MockDataset.earthDate(landingDate: "2012-08-06", sol: 1000) == "2015-05-30")
    #expect(MockDataset.earthDate(landingDate: "2021-02-18", sol: 868) == "2023-07-29")
    #expect(dataset.photos(rover: "Curiosity", earthDate: "2015-5-30").count == 60, "Ruby's unpadded dates")
  }

  @Test("original: rovers in the reference's key order, nulls without photos, Rails' error bodies")
  func original() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let rovers = try await HTTPClient.get(api.url("/rovers"))
    #expect(rovers.header("content-type") == "application/json; charset=utf-8")
    #expect(
      rovers.text.hasPrefix(
        #"{"rovers":[{"id":5,"name":"Curiosity","landing_date":"2012-08-06","#
          + #""launch_date":"2011-11-26","status":"active","max_sol":1010,"max_date":"2015-06-09","total_photos":251,"#
          + #""cameras":[{"name":"FHAZ","full_name":"Front Hazard Avoidance Camera"},"#))
    #expect(rovers.text.contains(#""status":"complete","max_sol":null,"max_date":null,"total_photos":0,"#))
    let photos = try #require(
      try await HTTPClient.get(api.url("/rovers/curiosity/photos?sol=1000")).object()["photos"] as? [[String: Any]])
    #expect(photos.compactMap { $0["id"] as? Int } == api.dataset.photos(rover: "curiosity", sol: 1000).map(\.id))
    let camera = try #require(photos.first?["camera"] as? [String: Any])
    #expect(Set(camera.keys) == ["id", "name", "rover_id", "full_name"])
    let paged = try await HTTPClient.get(api.url("/rovers/curiosity/photos?sol=1002&page=2")).object()
    #expect((paged["photos"] as? [Any])?.count == 1, "Kaminari: 25 a page")
    #expect(try await HTTPClient.get(api.url("/rovers/pluto")).text == #"{"errors":"Invalid Rover Name"}"#)
    #expect(try await HTTPClient.get(api.url("/rovers/curiosity/photos?earth_date=2015-13-45")).status == 500)
  }

  @Test("Mars Vista: X-API-Key, always paged with a pagination object, camera ids, 0 and \"\" for no photos")
  func marsVista() async throws {
    let api = try MockRoverAPI(shape: .marsVista, apiKey: "mv_live_k", rateLimitPerHour: 2)
    defer { api.stop() }
    let refused = try await HTTPClient.get(api.url("/rovers"))
    #expect(refused.status == 401)
    #expect(refused.text.contains("API key required"))
    let key = ["X-API-Key": "mv_live_k"]
    let page = try await HTTPClient.get(api.url("/rovers/curiosity/photos?sol=1007&per_page=500"), headers: key)
    #expect(page.header("X-RateLimit-Remaining-Hour") == "1")
    let pagination = try #require(try page.object()["pagination"] as? [String: Int])
    #expect(pagination == ["total_count": 130, "page": 1, "per_page": 100, "total_pages": 2])
    let rovers = try await HTTPClient.get(api.url("/rovers"), headers: key).text
    #expect(rovers.contains(#""cameras":[{"id":20,"name":"FHAZ""#))
    #expect(rovers.contains(#""max_sol":0,"max_date":"","total_photos":0"#))
    #expect(try await HTTPClient.get(api.url("/rovers"), headers: key).status == 429)
  }

  @Test("NASA gateway: api_key, X-RateLimit headers, then 429 OVER_RATE_LIMIT")
  func gateway() async throws {
    let api = try MockRoverAPI(shape: .nasaGateway, apiKey: "k", rateLimitPerHour: 1)
    defer { api.stop() }
    let missing = try await HTTPClient.get(api.url("/rovers"))
    #expect(missing.status == 403 && missing.text.contains("API_KEY_MISSING"))
    #expect(try await HTTPClient.get(api.url("/rovers?api_key=x")).text.contains("API_KEY_INVALID"))
    let ok = try await HTTPClient.get(api.url("/manifests/curiosity?api_key=k"))
    #expect(ok.header("X-RateLimit-Limit") == "1" && ok.header("X-RateLimit-Remaining") == "0")
    #expect(try ok.object()["photo_manifest"] != nil)
    let over = try await HTTPClient.get(api.url("/rovers?api_key=k"))
    #expect(over.status == 429 && over.text.contains("OVER_RATE_LIMIT"))
  }
}
