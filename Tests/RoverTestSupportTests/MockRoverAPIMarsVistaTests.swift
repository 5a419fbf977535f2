import Foundation
import RoverTestSupport
import Testing

@Suite("MockRoverAPI, Mars Vista shape")
struct MockRoverAPIMarsVistaTests {
  static let key = "mv_live_" + String(repeating: "ab12", count: 10)
  let api: MockRoverAPI

  init() throws {
    api = try MockRoverAPI(shape: .marsVista, apiKey: Self.key)
  }

  private func get(_ path: String, key: String? = key) async throws -> HTTPResult {
    try await HTTPClient.get(api.url(path), headers: key.map { ["X-API-Key": $0] } ?? [:])
  }

  private func page(_ path: String) async throws -> (photos: [[String: Any]], pagination: [String: Int]) {
    let result = try await get(path)
    #expect(result.status == 200)
    let object = try result.object()
    return (
      try #require(object["photos"] as? [[String: Any]]), try #require(object["pagination"] as? [String: Int])
    )
  }

  @Test("a missing or wrong X-API-Key is 401 with Mars Vista's body")
  func auth() async throws {
    defer { api.stop() }
    let missing = try await get("/rovers", key: nil)
    #expect(missing.status == 401)
    #expect(missing.text == #"{"error":"Unauthorized","message":"API key required. Provide via X-API-Key header."}"#)
    let wrong = try await get("/rovers", key: "mv_live_wrong")
    #expect(wrong.status == 401)
    #expect(wrong.text == #"{"error":"Unauthorized","message":"Invalid API key"}"#)
    let queryKey = try await HTTPClient.get(api.url("/rovers?api_key=\(Self.key)"))
    #expect(queryKey.status == 401, "the query parameter is not accepted")
    #expect(try await get("/rovers").status == 200)
  }

  @Test("hourly rate-limit headers count down")
  func rateLimitHeaders() async throws {
    defer { api.stop() }
    let first = try await get("/rovers")
    let second = try await get("/rovers/curiosity")
    #expect(first.header("X-RateLimit-Limit-Hour") == "1000")
    #expect(first.header("X-RateLimit-Remaining-Hour") == "999")
    #expect(second.header("X-RateLimit-Remaining-Hour") == "998")
    let reset = try #require(first.header("X-RateLimit-Reset-Hour").flatMap { Int($0) })
    #expect(reset > Int(Date().timeIntervalSince1970))
    #expect(api.rateLimitRemaining == 998)
  }

  @Test("over the hourly limit is 429")
  func rateLimitExceeded() async throws {
    let api = try MockRoverAPI(shape: .marsVista, rateLimitPerHour: 2)
    defer { api.stop() }
    for _ in 0..<2 {
      #expect(try await HTTPClient.get(api.url("/rovers")).status == 200)
    }
    let limited = try await HTTPClient.get(api.url("/rovers"))
    #expect(limited.status == 429)
    #expect(try limited.object()["error"] as? String == "Too Many Requests")
    #expect(limited.header("X-RateLimit-Remaining-Hour") == "0")
    api.resetRateLimit()
    #expect(try await HTTPClient.get(api.url("/rovers")).status == 200)
  }

  @Test("rovers carry camera ids, and 0 and \"\" instead of nulls")
  func rovers() async throws {
    defer { api.stop() }
    let rovers = try #require(try await get("/rovers").object()["rovers"] as? [[String: Any]])
    let curiosity = try #require(rovers.first)
    let camera = try #require((curiosity["cameras"] as? [[String: Any]])?.first)
    #expect(Set(camera.keys) == ["id", "name", "full_name"])
    #expect(camera["id"] as? Int == 20)
    let opportunity = try #require(rovers.first { $0["name"] as? String == "Opportunity" })
    #expect(opportunity["max_sol"] as? Int == 0)
    #expect(opportunity["max_date"] as? String == "")
    let unknown = try await get("/rovers/Pluto")
    #expect(unknown.status == 404)
    #expect(unknown.text == #"{"error":"Rover 'Pluto' not found"}"#)
  }

  @Test(
    "always paged: defaults 1 and 25, per_page clamped to 1...100",
    arguments: [
      ("sol=1007", 25, [130, 1, 25, 6]), ("sol=1007&page=6", 5, [130, 6, 25, 6]),
      ("sol=1007&per_page=500", 100, [130, 1, 100, 2]), ("sol=1007&per_page=0", 1, [130, 1, 1, 130]),
      ("sol=1007&page=0&per_page=50", 50, [130, 1, 50, 3]), ("sol=1007&page=7", 0, [130, 7, 25, 6]),
      ("", 25, [251, 1, 25, 11]), ("sol=1003", 0, [0, 1, 25, 0]),
    ])
  func paging(query: String, count: Int, numbers: [Int]) async throws {
    defer { api.stop() }
    let (photos, pagination) = try await page("/rovers/curiosity/photos?\(query)")
    #expect(photos.count == count)
    #expect(
      [pagination["total_count"], pagination["page"], pagination["per_page"], pagination["total_pages"]]
        == numbers.map { Optional($0) })
  }

  @Test("photo camera has no rover_id; order matches the dataset")
  func photoShape() async throws {
    defer { api.stop() }
    let (photos, _) = try await page("/rovers/perseverance/photos?sol=100&per_page=100&page=2")
    #expect(photos.compactMap { $0["id"] as? Int } == api.photos(rover: "perseverance", sol: 100)[100..<200].map(\.id))
    let first = try #require(photos.first)
    #expect(Set(try #require(first["camera"] as? [String: Any]).keys) == ["id", "name", "full_name"])
    #expect(
      Set(try #require(first["rover"] as? [String: Any]).keys)
        == ["id", "name", "landing_date", "launch_date", "status"])
  }

  @Test("earth_date must be strict YYYY-MM-DD, else 400")
  func earthDate() async throws {
    defer { api.stop() }
    #expect(try await page("/rovers/curiosity/photos?earth_date=2015-06-03").pagination["total_count"] == 3)
    for bad in ["2015-6-3", "yesterday", "2015-13-01"] {
      let result = try await get("/rovers/curiosity/photos?earth_date=\(bad)")
      #expect(result.status == 400)
      #expect(result.text == #"{"error":"Invalid earth_date format. Use YYYY-MM-DD."}"#)
    }
  }

  @Test("latest and latest_photos both use the root key photos")
  func latest() async throws {
    defer { api.stop() }
    for route in ["latest", "latest_photos"] {
      let (photos, pagination) = try await page("/rovers/curiosity/\(route)?camera=FHAZ")
      #expect(photos.allSatisfy { $0["sol"] as? Int == 1010 })
      #expect(pagination["total_count"] == api.photos(rover: "curiosity", sol: 1010, camera: "FHAZ").count)
    }
  }

  @Test("manifest, photo by id, and their 404 bodies")
  func manifestAndPhoto() async throws {
    defer { api.stop() }
    let manifest = try #require(try await get("/manifests/spirit").object()["photo_manifest"] as? [String: Any])
    #expect((manifest["photos"] as? [[String: Any]])?.count == 2)
    let empty = try #require(try await get("/manifests/opportunity").object()["photo_manifest"] as? [String: Any])
    #expect(empty["max_date"] as? String == "")
    #expect(try await get("/manifests/pluto").text == #"{"error":"Rover 'pluto' not found"}"#)
    let id = try #require(api.photos(rover: "Spirit", sol: 1).first?.id)
    #expect(try await get("/photos/\(id)").status == 200)
    let missing = try await get("/photos/123")
    #expect(missing.status == 404)
    #expect(missing.text == #"{"error":"Photo 123 not found"}"#)
    #expect(try await get("/rovers.json").status == 404, "no Rails format suffix")
  }
}
