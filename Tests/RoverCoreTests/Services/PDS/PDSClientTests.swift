import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// The PDS service in process against a local Atlas: Solr paging, sols, dates, the latest sol, ids, manifests
/// from facets, and the host's refusals.
@Suite struct PDSClientTests {
  static func client(_ pds: MockPDS, rows: Int = 1000) -> PDSClient {
    var configuration = ServiceConfiguration.testing(.pds, baseURL: pds.baseURL, retries: 1)
    configuration.maxPerPage = rows
    return PDSClient(configuration: configuration)
  }

  func searches(_ pds: MockPDS) -> [TestRequest] {
    pds.requests.filter { $0.path == MockPDS.searchPath }
  }

  @Test func aSolIsReadPageByPageFromStartZero() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let photos = try await Self.client(pds, rows: 5).photos(PhotoQuery(rover: "opportunity", selection: .sol(100)))
    let expected = pds.listed(rover: "opportunity", sol: 100)
    #expect(expected.count == 12)
    #expect(photos.map(\.id) == expected.map { .text($0.productID) })
    // 12 products at 5 a page: start 0, 5 and 10, and not one more.
    #expect(searches(pds).compactMap { $0.query("start") }.sorted() == ["0", "10", "5"])
    #expect(searches(pds).allSatisfy { $0.query("rows") == "5" })
    // The EDRs on the same sol are never listed.
    #expect(photos.allSatisfy { $0.id.description.dropFirst(11).hasPrefix("ILF") })
  }

  @Test func photosPointAtTheBrowseJPEGOnTheMock() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let photos = try await Self.client(pds).photos(PhotoQuery(rover: "spirit", selection: .sol(1)))
    let expected = pds.listed(rover: "spirit", sol: 1)
    #expect(photos.map(\.imageSource) == expected.map { pds.server.baseURL.absoluteString + $0.browsePath })
    #expect(photos.allSatisfy { $0.earthDate.description == "2004-01-04" && $0.rover.name == "Spirit" })
    #expect(Set(photos.map(\.camera.name)) == ["NAVCAM", "PANCAM", "FHAZ", "RHAZ"])
  }

  @Test func oneCameraByItsLetter() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let client = Self.client(pds)
    let photos = try await client.photos(PhotoQuery(rover: "spirit", selection: .sol(5), camera: "MINITES"))
    #expect(photos.map(\.id.description) == pds.listed(rover: "spirit", sol: 5, camera: "m").map(\.productID))
    #expect(photos.allSatisfy { $0.camera.name == "MINITES" } && !photos.isEmpty)
    #expect(searches(pds).last?.queryItems.contains { $0.value == "FILE_NAME:?m?????????ilf*" } == true)
    await #expect(throws: ServiceError.self) {
      try await client.photos(PhotoQuery(rover: "spirit", selection: .sol(5), camera: "MAHLI"))
    }
  }

  @Test func anEarthDateIsOneUTCDayOfCaptureTimes() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let date = try #require(CalendarDate(strict: "2004-05-06"))
    let photos = try await Self.client(pds).photos(PhotoQuery(rover: "opportunity", selection: .earthDate(date)))
    #expect(photos.map(\.id.description) == pds.listed(rover: "opportunity", sol: 101).map(\.productID))
    #expect(photos.allSatisfy { $0.earthDate == date })
    let empty = try await Self.client(pds).photos(
      PhotoQuery(rover: "opportunity", selection: .earthDate(date.adding(days: 1))))
    #expect(empty.isEmpty)
  }

  @Test func latestIsTheHighestSol() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let photos = try await Self.client(pds).photos(PhotoQuery(rover: "spirit", selection: .latest))
    #expect(photos.map(\.id.description) == pds.listed(rover: "spirit", sol: 5).map(\.productID))
  }

  @Test func onePageAsNumberedByTheUser() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let page = try await Self.client(pds).photos(
      PhotoQuery(rover: "opportunity", selection: .sol(100), paging: .page(2, perPage: 5)))
    #expect(page.map(\.id.description) == pds.listed(rover: "opportunity", sol: 100)[5..<10].map(\.productID))
  }

  @Test func aPhotoByItsProductID() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let client = Self.client(pds)
    let photo = try await client.photo(id: PhotoID(argument: "1n137056144ilf2002p1825r0m1"))
    #expect(photo.id == .text("1N137056144ILF2002P1825R0M1"))
    #expect(photo.sol == 100 && photo.rover.name == "Opportunity" && photo.camera.name == "NAVCAM")
    #expect(photo.metadata.dateTaken == "2004-05-05T19:08:30Z")
    await #expect(throws: ServiceError.photoNotFound(id: "1N000000000ILF0000P0000R0M1")) {
      try await client.photo(id: .text("1N000000000ILF0000P0000R0M1"))
    }
    let before = pds.requestCount
    await #expect(throws: ServiceError.photoNotFound(id: #"x" OR *:*"#)) {
      try await client.photo(id: .text(#"x" OR *:*"#))
    }
    #expect(pds.requestCount == before)
  }

  @Test func manifestFromFacetsWithCameras() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let manifest = try await Self.client(pds).manifest(rover: "Spirit")
    #expect(manifest.sols.map(\.sol) == pds.sols(rover: "spirit"))
    for sol in manifest.sols {
      let products = pds.listed(rover: "spirit", sol: sol.sol)
      #expect(sol.totalPhotos == products.count)
      let cameras = Set(products.map { PDSCameras.camera(fileName: $0.fileName).name })
      #expect(Set(sol.cameras) == cameras)
      #expect(sol.earthDate == MarsCalendar.earthDate(rover: "spirit", sol: sol.sol))
    }
    #expect(manifest.rover.maxSol == 5 && manifest.rover.totalPhotos == pds.listed(rover: "spirit").count)
    #expect(manifest.rover.maxDate?.description == "2004-01-08" && manifest.rover.status == .complete)
    // No documents paged through: one facet request per camera filter, and the latest product.
    let searches = searches(pds)
    #expect(searches.filter { $0.query("facet") == "true" }.count == 1 + PDSCameras.all.count)
    #expect(searches.allSatisfy { ($0.query("rows") ?? "") == "0" || $0.query("rows") == "1" })
    #expect(searches.filter { $0.query("facet") == "true" }.allSatisfy { $0.query("facet.limit") == "-1" })
  }

  @Test func roversAreTheTwoCompleteMissions() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let rovers = try await Self.client(pds).rovers()
    #expect(rovers.map(\.name) == ["Opportunity", "Spirit"])
    let opportunity = try #require(rovers.first)
    #expect(opportunity.maxSol == 101 && opportunity.totalPhotos == pds.listed(rover: "opportunity").count)
    #expect(opportunity.landingDate?.description == "2004-01-25" && opportunity.launchDate?.description == "2003-07-07")
    #expect(opportunity.maxDate?.description == "2004-05-06")
    #expect(rovers.allSatisfy { $0.status == .complete && $0.cameras?.count == PDSCameras.all.count })
  }

  @Test func solIndexFromOneFacetRequest() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let index = try await Self.client(pds).solIndex(rover: "opportunity", range: 50...200)
    #expect(index.latestSol == 101)
    #expect(index.entries == [SolIndex.Entry(sol: 100, expected: 12), SolIndex.Entry(sol: 101, expected: 3)])
    #expect(index.cameras.contains("MINITES"))
    #expect(pds.requestCount == 1)
    let sols = try await Self.client(pds).sols(rover: "spirit", range: nil, camera: "MINITES")
    #expect(sols.map(\.sol) == [2, 5])
  }

  @Test func otherRoversWithoutARequest() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let client = Self.client(pds)
    await #expect(throws: ServiceError.unavailableRover(name: "curiosity", service: "pds")) {
      try await client.photos(PhotoQuery(rover: "curiosity", selection: .sol(1)))
    }
    await #expect(throws: ServiceError.unknownRover(name: "zhurong")) {
      try await client.manifest(rover: "zhurong")
    }
    #expect(pds.requestCount == 0)
  }

  @Test func anHTMLRefusalNamesTheHost() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    pds.inject(.status(403, body: "<html><body>Forbidden</body></html>", contentType: "text/html"), times: .max)
    do {
      _ = try await Self.client(pds).photos(PhotoQuery(rover: "spirit", selection: .sol(1)))
      Issue.record("a 403 must fail")
    } catch let error as ServiceError {
      guard case .unexpectedStatus(403, _, let message) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(message.contains("127.0.0.1") && message.contains("refused"))
    }
    #expect(pds.requestCount == 1)
  }

  @Test func aWebPageInsteadOfResultsIsNamed() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    pds.inject(.html(status: 200))
    do {
      _ = try await Self.client(pds).rover(named: "opportunity")
      Issue.record("a web page must fail")
    } catch ServiceError.unexpectedStatus(let status, _, let message) {
      #expect(status == 200 && message.contains("web page"))
    }
  }

  @Test func serverErrorsAreRetriedAndSolrErrorsAreNot() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    pds.inject(.serverError, times: 1)
    // Retries to spare: under a loaded test run a connection can fail before the server sees it, and that must not
    // use up the one retry this test is about.
    let photos = try await PDSClient(configuration: .testing(.pds, baseURL: pds.baseURL, retries: 3)).photos(
      PhotoQuery(rover: "spirit", selection: .sol(2)))
    #expect(photos.count == pds.listed(rover: "spirit", sol: 2).count)
    #expect(pds.requestCount >= 2, "the 500 was answered and asked again")
    let before = pds.requestCount
    pds.inject(.status(400, body: #"{"responseHeader":{"status":400},"error":{"msg":"undefined field X","code":400}}"#))
    do {
      _ = try await Self.client(pds).photos(PhotoQuery(rover: "spirit", selection: .sol(1)))
      Issue.record("a 400 must fail")
    } catch ServiceError.unexpectedStatus(let status, _, let message) {
      #expect(status == 400 && message == "undefined field X")
    }
    #expect(pds.requestCount == before + 1, "a Solr error is not retried")
  }

  @Test func aMissingCoreIsNotFound() async throws {
    let pds = try MockPDS()
    defer { pds.stop() }
    let configuration = ServiceConfiguration.testing(.pds, baseURL: pds.server.url("/solr/nothing"), retries: 0)
    do {
      _ = try await PDSClient(configuration: configuration).rover(named: "spirit")
      Issue.record("a 404 must fail")
    } catch ServiceError.notFound(let url) {
      #expect(url.hasPrefix(pds.server.url("/solr/nothing/search?").absoluteString))
    }
  }
}
