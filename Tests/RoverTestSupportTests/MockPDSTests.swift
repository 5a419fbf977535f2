import Foundation
import RoverTestSupport
import Testing

/// The mock Atlas answers Solr's way: filters OR-ed and ranged, facets with Solr's defaults, 400 for what it
/// cannot read, browse JPEGs as octet-stream.
@Suite("MockPDS")
struct MockPDSTests {
  /// `/solr/pds_archives/search?q=*:*&wt=json` plus `parameters`, percent-encoded.
  func search(_ pds: MockPDS, _ parameters: [(String, String)]) async throws -> HTTPResult {
    var components = URLComponents(url: pds.baseURL.appendingPathComponent("search"), resolvingAgainstBaseURL: false)
    components?.percentEncodedQueryItems = ([("q", "*:*"), ("wt", "json")] + parameters).map {
      URLQueryItem(
        name: $0.0, value: $0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0.1)
    }
    return try await HTTPClient.get(try #require(components?.url))
  }

  func documents(_ result: HTTPResult) throws -> [[String: Any]] {
    try #require((try result.object()["response"] as? [String: Any])?["docs"] as? [[String: Any]])
  }

  @Test("OR-ed FILE_NAME patterns, a START_TIME range, sort, fl and paging")
  func filtersAndPaging() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let result = try await search(
      pds,
      [
        ("fq", "ATLAS_SPACECRAFT_NAME:spirit"), ("fq", "FILE_NAME:?m?????????ilf* OR FILE_NAME:?r?????????ilf*"),
        ("fq", "START_TIME:[2004-01-08T00:00:00Z TO 2004-01-09T00:00:00Z}"), ("sort", "START_TIME desc"),
        ("fl", "PRODUCT_ID,PLANET_DAY_NUMBER"), ("rows", "1"), ("start", "1"),
      ])
    #expect(result.status == 200)
    let response = try #require(try result.object()["response"] as? [String: Any])
    let expected = pds.listed(rover: "spirit", sol: 5).filter { "mr".contains($0.cameraLetter) }
    #expect(response["numFound"] as? Int == expected.count)
    let docs = try documents(result)
    #expect(docs.count == 1 && docs[0].keys.sorted() == ["PLANET_DAY_NUMBER", "PRODUCT_ID"])
    #expect(docs[0]["PRODUCT_ID"] as? String == expected.reversed()[1].productID)
  }

  @Test("facets: index order, mincount, Solr's default limit of 100 unless -1")
  func facets() async throws {
    let many = (1...120).map {
      MockPDSProduct(spacecraft: "spirit", camera: "n", sol: $0, day: "2004-01-04", minutes: $0)
    }
    let pds = try MockPDS(products: many)
    defer { pds.stop() }
    let facet = [("rows", "0"), ("facet", "true"), ("facet.field", "PLANET_DAY_NUMBER"), ("facet.sort", "index")]
    let capped = try await search(pds, facet + [("fq", "PLANET_DAY_NUMBER:[1 TO 119]")])
    let fields = try #require(
      (try capped.object()["facet_counts"] as? [String: Any])?["facet_fields"] as? [String: Any])
    let counts = try #require(fields["PLANET_DAY_NUMBER"] as? [Any])
    #expect(counts.count == 200 && counts.first as? String == "1" && counts[1] as? Int == 1)
    let all = try await search(pds, facet + [("facet.limit", "-1"), ("facet.mincount", "1")])
    let allFields = try #require(
      (try all.object()["facet_counts"] as? [String: Any])?["facet_fields"] as? [String: Any])
    #expect((allFields["PLANET_DAY_NUMBER"] as? [Any])?.count == 240)
  }

  @Test("a filter on an unknown field is Solr's 400; browse JPEGs are octet-stream")
  func errorsAndImages() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let bad = try await search(pds, [("fq", "NO_SUCH_FIELD:1")])
    #expect(bad.status == 400)
    #expect((try bad.object()["error"] as? [String: Any])?["code"] as? Int == 400)
    let product = try #require(pds.listed(rover: "opportunity", sol: 100).first)
    let image = try await HTTPClient.get(pds.server.url(product.browsePath))
    #expect(image.status == 200 && image.header("content-type") == "application/octet-stream")
    #expect(Array(image.body.prefix(3)) == [0xFF, 0xD8, 0xFF])
    let missing = try await HTTPClient.get(pds.server.url("/data/mer/nothing.img.jpg"))
    #expect(missing.status == 404)
  }
}
