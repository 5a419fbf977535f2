import Foundation
import RoverTestSupport
import Testing

@Suite("MockRoverAPI, original shape")
struct MockRoverAPIOriginalTests {
  let api: MockRoverAPI

  init() throws {
    api = try MockRoverAPI(shape: .original)
  }

  private func get(_ path: String) async throws -> HTTPResult {
    try await HTTPClient.get(api.url(path))
  }

  private func photos(_ path: String, root: String = "photos") async throws -> [[String: Any]] {
    let result = try await get(path)
    #expect(result.status == 200)
    return try #require(try result.object()[root] as? [[String: Any]])
  }

  @Test("base URLs point at /api/v1 and the image root")
  func urls() {
    defer { api.stop() }
    #expect(api.baseURL.absoluteString == "http://127.0.0.1:\(api.server.port)/api/v1")
    #expect(api.imageBaseURL == api.server.baseURL)
  }

  @Test("/rovers lists the rovers with summary and cameras without ids; no photos means nulls")
  func rovers() async throws {
    defer { api.stop() }
    let result = try await get("/rovers")
    #expect(result.header("content-type") == "application/json; charset=utf-8")
    #expect(
      result.text.hasPrefix(
        #"{"rovers":[{"id":5,"name":"Curiosity","landing_date":"2012-08-06","#
          + #""launch_date":"2011-11-26","status":"active","max_sol":1010,"max_date":"2015-06-09","total_photos":251,"#
          + #""cameras":[{"name":"FHAZ","full_name":"Front Hazard Avoidance Camera"},"#))
    #expect(
      result.text.contains(
        #""name":"Opportunity","landing_date":"2004-01-25","launch_date":"2003-07-07","#
          + #""status":"complete","max_sol":null,"max_date":null,"total_photos":0,"#))
    let rovers = try #require(try result.object()["rovers"] as? [[String: Any]])
    #expect(rovers.compactMap { $0["name"] as? String } == ["Curiosity", "Opportunity", "Spirit", "Perseverance"])
  }

  @Test("/rovers/{r} matches names case-insensitively and accepts .json; unknown is 400 errors")
  func rover() async throws {
    defer { api.stop() }
    for name in ["curiosity", "CURIOSITY", "Curiosity.json"] {
      let rover = try #require(try await get("/rovers/\(name)").object()["rover"] as? [String: Any])
      #expect(rover["id"] as? Int == 5)
    }
    let unknown = try await get("/rovers/pluto")
    #expect(unknown.status == 400)
    #expect(unknown.text == #"{"errors":"Invalid Rover Name"}"#)
  }

  @Test("photos without page return every match, in service order, with the raw camera row")
  func photosBySol() async throws {
    defer { api.stop() }
    let list = try await photos("/rovers/curiosity/photos?sol=1000")
    #expect(list.count == 60)
    #expect(list.compactMap { $0["id"] as? Int } == api.photos(rover: "curiosity", sol: 1000).map(\.id))
    let first = try #require(list.first)
    #expect(Set(first.keys) == ["id", "sol", "camera", "img_src", "earth_date", "rover"])
    let camera = try #require(first["camera"] as? [String: Any])
    #expect(Set(camera.keys) == ["id", "name", "rover_id", "full_name"])
    #expect(camera["rover_id"] as? Int == 5)
    let rover = try #require(first["rover"] as? [String: Any])
    #expect(Set(rover.keys) == ["id", "name", "landing_date", "launch_date", "status"])
    #expect(first["earth_date"] as? String == "2015-05-30")
    let id = try #require(first["id"] as? Int)
    #expect(first["img_src"] as? String == "\(api.imageBaseURL.absoluteString)/images/curiosity/1000/\(id).jpg")
    #expect(api.photo(id: id)?.imgSrc == first["img_src"] as? String)
  }

  @Test(
    "page and per_page follow Kaminari",
    arguments: [
      ("sol=1002&page=1", 25), ("sol=1002&page=2", 1), ("sol=1002&page=3", 0), ("sol=1000&per_page=10", 60),
      ("sol=1000&page=1&per_page=30", 30), ("sol=1000&page=2&per_page=30", 30), ("sol=1007&page=1&per_page=500", 130),
      ("sol=1000&page=0", 25), ("sol=1000&page=junk", 25), ("sol=1000&page=1&per_page=0", 0),
    ])
  func paging(query: String, count: Int) async throws {
    defer { api.stop() }
    #expect(try await photos("/rovers/curiosity/photos?\(query)").count == count)
  }

  @Test("sol wins over earth_date; earth_date alone is lenient; neither gives an empty list")
  func solAndDate() async throws {
    defer { api.stop() }
    #expect(try await photos("/rovers/curiosity/photos?sol=1004&earth_date=2015-05-30").count == 3)
    #expect(try await photos("/rovers/curiosity/photos?earth_date=2015-05-30").count == 60)
    #expect(try await photos("/rovers/curiosity/photos.json?earth_date=2015-6-3").count == 3)
    #expect(try await photos("/rovers/curiosity/photos?sol=abc").isEmpty)
    #expect(try await photos("/rovers/curiosity/photos?sol=999").isEmpty)
    let neither = try await get("/rovers/curiosity/photos")
    #expect(neither.text == #"{"photos":[]}"#)
  }

  @Test("a malformed earth_date is Rails' 500", arguments: ["2015-13-45", "yesterday", "2015-06-03T00:00"])
  func badDate(date: String) async throws {
    defer { api.stop() }
    let result = try await get("/rovers/curiosity/photos?earth_date=\(date)")
    #expect(result.status == 500)
    #expect(result.text == #"{"status":500,"error":"Internal Server Error"}"#)
  }

  @Test("camera filter is case-insensitive; unknown camera is an empty 200; unknown rover is 400")
  func cameraFilter() async throws {
    defer { api.stop() }
    let navcam = try await photos("/rovers/Curiosity/photos?sol=1007&camera=navcam")
    #expect(navcam.count == api.photos(rover: "Curiosity", sol: 1007, camera: "NAVCAM").count)
    #expect(navcam.allSatisfy { ($0["camera"] as? [String: Any])?["name"] as? String == "NAVCAM" })
    #expect(try await photos("/rovers/curiosity/photos?sol=1000&camera=NOPE").isEmpty)
    let unknown = try await get("/rovers/pluto/photos?sol=1")
    #expect(unknown.status == 400)
    #expect(unknown.text == #"{"errors":"Invalid Rover Name"}"#)
  }

  @Test("latest_photos uses the max sol, ignores earth_date, pages like photos")
  func latest() async throws {
    defer { api.stop() }
    let latest = try await photos("/rovers/curiosity/latest_photos?earth_date=2015-05-30", root: "latest_photos")
    #expect(latest.count == 7)
    #expect(latest.allSatisfy { $0["sol"] as? Int == 1010 })
    #expect(try await photos("/rovers/curiosity/latest_photos?page=1&per_page=5", root: "latest_photos").count == 5)
    #expect(try await get("/rovers/opportunity/latest_photos").text == #"{"latest_photos":[]}"#)
    #expect(try await get("/rovers/curiosity/latest").status == 404)
  }

  @Test("the manifest lists sols with photos, cameras distinct and alphabetical")
  func manifest() async throws {
    defer { api.stop() }
    let manifest = try #require(try await get("/manifests/curiosity").object()["photo_manifest"] as? [String: Any])
    #expect(
      Set(manifest.keys)
        == ["name", "landing_date", "launch_date", "status", "max_sol", "max_date", "total_photos", "photos"])
    #expect(manifest["max_sol"] as? Int == 1010)
    #expect(manifest["total_photos"] as? Int == 251)
    let sols = try #require(manifest["photos"] as? [[String: Any]])
    #expect(sols.compactMap { $0["sol"] as? Int } == [1000, 1001, 1002, 1004, 1007, 1010])
    #expect(sols.compactMap { $0["total_photos"] as? Int } == [60, 25, 26, 3, 130, 7])
    #expect(sols[3]["cameras"] as? [String] == ["FHAZ", "MAST", "RHAZ"])
    #expect(sols[3]["earth_date"] as? String == "2015-06-03")
    let empty = try await get("/manifests/opportunity")
    #expect(empty.text.contains(#""max_sol":null,"max_date":null,"total_photos":0,"photos":[]}}"#))
    #expect(try await get("/manifests/pluto").status == 400)
  }

  @Test("/photos/{id} finds a photo; unknown ids and routes are Rails' 404")
  func photoByID() async throws {
    defer { api.stop() }
    let expected = try #require(api.photos(rover: "Spirit", sol: 2).first)
    let photo = try #require(try await get("/photos/\(expected.id)").object()["photo"] as? [String: Any])
    #expect(photo["id"] as? Int == expected.id)
    #expect((photo["rover"] as? [String: Any])?["name"] as? String == "Spirit")
    #expect(photo["earth_date"] as? String == "2004-01-06")
    for path in ["/photos/123", "/photos/abc", "/nowhere", "/rovers/curiosity/photos/extra"] {
      let missing = try await get(path)
      #expect(missing.status == 404)
      #expect(missing.text == #"{"status":404,"error":"Not Found"}"#)
    }
  }

  @Test("images are deterministic JPEG-looking bytes of the requested size")
  func images() async throws {
    defer { api.stop() }
    let path = try #require(api.photos(rover: "Curiosity", sol: 1000).first?.imgSrc)
    let first = try await HTTPClient.get(try #require(URL(string: path)))
    #expect(first.status == 200)
    #expect(first.header("content-type") == "image/jpeg")
    #expect(first.body.count == 4096)
    #expect(Array(first.body.prefix(4)) == [0xFF, 0xD8, 0xFF, 0xE0])
    #expect(Array(first.body.suffix(2)) == [0xFF, 0xD9])
    #expect(try await HTTPClient.get(try #require(URL(string: path))).body == first.body)
    let other = try await HTTPClient.get(api.server.url("/images/other.jpg"))
    #expect(other.body != first.body)
    #expect(try await HTTPClient.get(api.server.url("/images/x.jpg?size=100")).body.count == 100)
    #expect(api.requestCount(pathPrefix: "/images/") == 4)
  }
}
