import Foundation
import Testing

@testable import RoverCore

@Suite struct RawFeedDecodingTests {
  @Test func perseveranceLatest() throws {
    let latest = try FixtureLoader.decode(PerseveranceFeed.Latest.self, "raw-m2020-latest")
    #expect(latest.latestSol == 1646)
    #expect(latest.total == 887_260)
  }

  @Test func curiosityLatest() throws {
    let latest = try FixtureLoader.decode(CuriosityFeed.Latest.self, "raw-msl-latest")
    #expect(latest.latestSol == 4683)
    #expect(latest.total == 1_388_361)
  }

  @Test func perseverancePageWithStringPerPage() throws {
    let page = try FixtureLoader.decode(PerseveranceFeed.Page.self, "raw-m2020-images")
    #expect(
      page.images.map(\.id) == [
        "NLF_0100_0675828717_276ECM_N0040218NCAM00503_01_295J", "FLF_0100_0675830153_832ECM_N0040218FHAZ00200_01_295J",
        "NRT_0100_0675828717_276ECM_N0040218NCAM00503_01_295J",
      ])
    #expect(page.images.map(\.sampleType) == ["full", "full", "thumbnail"])
    #expect(page.images.map(\.instrument) == ["NAVCAM_LEFT", "FRONT_HAZCAM_LEFT_A", "NAVCAM_RIGHT"])
    let first = try #require(page.images.first)
    #expect(Set(first.sizes.keys) == ["small", "medium", "large", "full"])
    #expect(first.sizes["large"]?.hasSuffix("_1200.jpg") == true)
    #expect(first.sizes["full"]?.hasSuffix(".png") == true)
    #expect(first.dateTaken == "2021-06-01T14:14:37.984")
  }

  @Test func numbersSentAsStrings() throws {
    let page = try FixtureLoader.decode(PerseveranceFeed.Page.self, "raw-m2020-images-page-string")
    #expect(page.images.count == 2)
    #expect(page.images.allSatisfy { $0.sol == 100 })
  }

  @Test func integerImageID() throws {
    let page = try FixtureLoader.decode(PerseveranceFeed.Page.self, "raw-m2020-images-int-id")
    #expect(page.images.map(\.id) == ["832115"])
  }

  @Test func curiosityItems() throws {
    let page = try FixtureLoader.decode(CuriosityFeed.Page.self, "raw-msl-items")
    #expect(page.more == true)
    #expect(page.total == 226)
    #expect(page.items.map(\.sampleType) == ["full", "subframe", "full", "thumbnail"])
    #expect(page.items.map(\.instrument) == ["MAST_LEFT", "RHAZ_RIGHT_B", "NAV_LEFT_B", "NAV_LEFT_B"])
    #expect(page.items.first?.id == "4681ML1331200041500730C00_DXXX")
    #expect(page.items.allSatisfy { $0.url.hasPrefix("https://mars.nasa.gov/") })
  }

  @Test func httpsURLIsPreferred() throws {
    let page = try FixtureLoader.decode(CuriosityFeed.Page.self, "raw-msl-items-last-page")
    #expect(page.more == false)
    #expect(page.items.count == 2)
    #expect(page.items.allSatisfy { $0.url.hasPrefix("https://") })
  }

  /// The mapping onto `Photo`: the requested size, capture-date Earth date, details kept.
  @Test func mapsPerseveranceRecordsOntoPhotos() throws {
    let page = try FixtureLoader.decode(PerseveranceFeed.Page.self, "raw-m2020-images")
    let base = URL(string: "http://127.0.0.1:1")!
    for size in RawFeedOptions.ImageSize.allCases {
      let client = RawFeedClient(
        configuration: ServiceConfiguration(preset: .nasaRaw, baseURL: base, engine: .testing),
        options: RawFeedOptions(size: size))
      let photo = client.photo(try #require(page.images.first))
      #expect(photo.imageSource == page.images.first?.sizes[size.rawValue])
      #expect(photo.id == .text("NLF_0100_0675828717_276ECM_N0040218NCAM00503_01_295J"))
      #expect(photo.earthDate.description == "2021-06-01")
      #expect(photo.camera.name == "NAVCAM_LEFT")
      #expect(photo.camera.fullName == "Left Navigation Camera (Navcam)")
      #expect(photo.rover.name == "Perseverance")
      #expect(photo.metadata.sampleType == "full")
    }
  }

  @Test func photoJSONKeepsTheFeedExtras() throws {
    let page = try FixtureLoader.decode(CuriosityFeed.Page.self, "raw-msl-items")
    let client = RawFeedClient(configuration: ServiceConfiguration(preset: .nasaRaw, engine: .testing))
    let photo = client.photo(try #require(page.items.first))
    let json = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(photo)) as? [String: Any])
    #expect(json["id"] as? String == "4681ML1331200041500730C00_DXXX")
    #expect(json["date_taken"] as? String == "2025-10-06T18:02:11.000Z")
    #expect(json["sample_type"] as? String == "full")
    #expect(json["earth_date"] as? String == "2025-10-06")
    let back = try JSONDecoder().decode(Photo.self, from: JSONEncoder().encode(photo))
    #expect(
      [back.metadata.dateTaken, back.metadata.sampleType, back.metadata.title]
        == [photo.metadata.dateTaken, photo.metadata.sampleType, photo.metadata.title])
    #expect(back.metadata.imageFiles == photo.metadata.imageFiles)
  }
}
