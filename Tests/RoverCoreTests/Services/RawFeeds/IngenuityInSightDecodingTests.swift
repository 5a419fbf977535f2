import Foundation
import Testing

@testable import RoverCore

/// Ingenuity's and InSight's records (api-reference 7.3, 7.4) from fixtures, their mapping onto `Photo`, and the
/// requests the client builds for them.
@Suite struct IngenuityInSightDecodingTests {
  static let client = RawFeedClient(configuration: ServiceConfiguration(preset: .nasaRaw, engine: .testing))

  /// 7.3's record has no `sample_type`: a record without one is a full frame.
  @Test func ingenuityRecordOfTheReference() throws {
    let page = try FixtureLoader.decode(PerseveranceFeed.Page.self, "raw-ingenuity-images")
    let image = try #require(page.images.first)
    #expect(page.images.count == 1)
    #expect(image.id == "HNM_852_0000000000_000ECM_N0000000HELI00000_0000A0J")
    #expect(image.sol == 852 && image.instrument == "HELI_NAV" && image.sampleType == "full")
    #expect(image.dateTaken == "2023-05-01T00:00:00")
    let photo = Self.client.photo(image, rover: .ingenuity)
    #expect(photo.rover.name == "Ingenuity" && photo.rover.status == .complete)
    #expect(photo.rover.landingDate?.description == "2021-02-18")
    #expect(photo.camera.fullName == "Navigation Camera")
    #expect(photo.earthDate.description == "2023-05-01")
    #expect(photo.imageSource.hasSuffix("_1200.jpg"))
  }

  @Test func ingenuityPageWithBothCamerasAndAThumbnail() throws {
    let page = try FixtureLoader.decode(PerseveranceFeed.Page.self, "raw-ingenuity-images-sol-58")
    #expect(page.images.map(\.instrument) == ["HELI_NAV", "HELI_RTE", "HELI_NAV"])
    #expect(page.images.map(\.sampleType) == ["full", "full", "thumbnail"])
    #expect(page.totalResults == 3)
    let color = Self.client.photo(page.images[1], rover: .ingenuity)
    #expect(color.camera.fullName == "Color Camera")
    #expect(color.earthDate.description == "2021-04-19")
    #expect(color.metadata.imageFiles?["full"]?.hasSuffix(".png") == true)
  }

  @Test func ingenuityLatest() throws {
    let latest = try FixtureLoader.decode(PerseveranceFeed.Latest.self, "raw-ingenuity-latest")
    #expect(latest.latestSol == 1069 && latest.total == 14_553)
  }

  /// 7.4's captured record: lower-case `icc`, no `extended.sample_type`, a float clock, geometry null.
  @Test func insightRecordOfTheReference() throws {
    let page = try FixtureLoader.decode(CuriosityFeed.Page.self, "raw-insight-items")
    let item = try #require(page.items.first)
    #expect(page.more == false && page.total == 1)
    #expect(item.id == "C000M0190_613408865EDR_F0000_0461M_" && item.sol == 190)
    #expect(item.instrument == "icc" && item.sampleType == "full")
    let photo = Self.client.photo(item, rover: .insight)
    #expect(photo.camera.name == "ICC")
    #expect(photo.camera.fullName == "Instrument Context Camera (ICC)")
    #expect(photo.earthDate.description == "2019-06-10")
    #expect(photo.imageSource.hasPrefix("https://mars.nasa.gov/insight-raw-images/surface/sol/0190/icc/"))
    #expect(photo.rover.name == "InSight" && photo.rover.status == .complete)
    #expect(photo.rover.landingDate?.description == "2018-11-26")
  }

  /// InSight flags a thumbnail only with `is_thumbnail`.
  @Test func insightThumbnailByItsFlag() throws {
    let page = try FixtureLoader.decode(CuriosityFeed.Page.self, "raw-insight-items-thumbnail")
    #expect(page.items.map(\.sampleType) == ["full", "thumbnail"])
    #expect(page.more == true && page.total == 4)
  }

  @Test func insightLatest() throws {
    let latest = try FixtureLoader.decode(CuriosityFeed.Latest.self, "raw-insight-latest")
    #expect(latest.latestSol == 1144 && latest.total == 6353)
  }

  @Test(
    arguments: [
      ("C000M0190_613408865EDR_F0000_0461M_", 190), ("D001M0014_597430000EDR_F0000_2005M_", 14),
      ("NLF_0100_0675828717_276ECM_N0040218NCAM00503_01_295J", nil), ("CR0_813038955PRC_F1190000CCAM01234M1", nil),
      ("HNM_852_0000000000_000ECM_N0000000HELI00000_0000A0J", nil), ("C000M0190", nil),
    ] as [(String, Int?)])
  func insightSolFromImageID(id: String, sol: Int?) {
    #expect(InSightFeed.sol(fromImageID: id) == sol)
  }

  @Test func ingenuityIDsByPrefix() {
    #expect(IngenuityFeed.isImageID("HNM_0058_0671963600_000ECM_N0000000HELI00000_0000LUJ"))
    #expect(IngenuityFeed.isImageID("HSF_0058_0671963612_000ECM_N0000000HELI02000_0000LUJ"))
    #expect(!IngenuityFeed.isImageID("NLF_0100_0675828717_276ECM_N0040218NCAM00503_01_295J"))
  }

  /// One `category`, never `extended`; InSight's sol as a gte/lte pair and its instrument lower case.
  @Test func requestShapes() throws {
    let base = try #require(URL(string: "https://mars.nasa.gov"))
    let ingenuity = PerseveranceFeed.imagesURL(
      base: base, category: IngenuityFeed.category, sol: 58, camera: "heli_rte", page: 1)
    let items = try #require(URLComponents(url: ingenuity, resolvingAgainstBaseURL: false)?.queryItems)
    #expect(items.filter { $0.name == "category" }.map(\.value) == ["ingenuity"])
    #expect(items.first { $0.name == "search" }?.value == "HELI_RTE")
    #expect(!items.contains { $0.name == "extended" })
    let insight = InSightFeed.itemsURL(base: base, sol: 190, camera: "ICC", page: 0)
    #expect(URLComponents(url: insight, resolvingAgainstBaseURL: false)?.path == "/api/v1/raw_image_items/")
    let query = try #require(URLComponents(url: insight, resolvingAgainstBaseURL: false)?.queryItems)
    let values = Dictionary(query.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    #expect(values["condition_1"] == "insight:mission")
    #expect(values["condition_2"] == "190:sol:gte" && values["condition_3"] == "190:sol:lte")
    #expect(values["search"] == "icc" && values["page"] == "0" && values["per_page"] == "100")
    let latest = URLComponents(url: InSightFeed.latestURL(base: base), resolvingAgainstBaseURL: false)
    #expect(latest?.path == "/api/v1/raw_image_items/insight/latest/" && latest?.queryItems?.isEmpty != false)
  }

  /// 7.5: InSight's sol 190 runs from 2019-06-09 ~10:35Z to 2019-06-10 ~11:15Z; Ingenuity counts Perseverance's sols.
  @Test func captureSolsOfTheNewMissions() throws {
    let june10 = try #require(CalendarDate(year: 2019, month: 6, day: 10))
    #expect(MarsCalendar.captureSols(rover: "insight", on: june10) == [190, 191])
    let flightOne = try #require(CalendarDate(year: 2021, month: 4, day: 19))
    #expect(MarsCalendar.captureSols(rover: "ingenuity", on: flightOne) == [58, 59])
    #expect(
      MarsCalendar.captureSols(rover: "ingenuity", on: flightOne)
        == MarsCalendar.captureSols(rover: "perseverance", on: flightOne))
    #expect(MarsCalendar.earthDate(rover: "insight", sol: 0)?.description == "2018-11-26")
    #expect(
      MarsCalendar.earthDate(rover: "ingenuity", sol: 58) == MarsCalendar.earthDate(rover: "perseverance", sol: 58))
  }
}
