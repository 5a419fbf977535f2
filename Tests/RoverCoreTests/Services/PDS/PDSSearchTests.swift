import Foundation
import Testing

@testable import RoverCore

/// What the client asks the Atlas for, and the pure rewrites it applies to the answers (api-reference 7.1, 7.2).
@Suite struct PDSSearchTests {
  let base = URL(constant: "https://pds-imaging.jpl.nasa.gov/solr/pds_archives")

  func items(_ url: URL) -> [URLQueryItem] {
    URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
  }

  @Test func filtersAreRepeatedAndSolrSyntaxIsEncoded() {
    let search = PDSSearch(
      filters: PDSSearch.products(of: .opportunity, camera: "n") + [PDSSearch.sol(100)], rows: 1000, start: 2000,
      sort: PDSSearch.byTime)
    let url = search.url(base: base)
    #expect(url.path == "/solr/pds_archives/search")
    let query = url.query ?? ""
    for raw in [" ", "\"", "[", "}", "?", "*"] { #expect(!query.contains(raw), "\(raw) must be encoded") }
    let fq = items(url).filter { $0.name == "fq" }.compactMap(\.value)
    #expect(
      fq == [
        #"ATLAS_MISSION_NAME:"mars exploration rover""#, "ATLAS_SPACECRAFT_NAME:opportunity",
        "FILE_NAME:?n?????????ilf*", "PLANET_DAY_NUMBER:100",
      ])
    let values = Dictionary(items(url).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    #expect(values["q"] == "*:*" && values["wt"] == "json")
    #expect(values["rows"] == "1000" && values["start"] == "2000")
    #expect(values["sort"] == "START_TIME asc, PRODUCT_ID asc")
    #expect(values["fl"] == "FILE_NAME,PRODUCT_ID,PLANET_DAY_NUMBER,START_TIME,ATLAS_BROWSE_URL")
  }

  @Test func allCamerasAndOneUTCDay() throws {
    #expect(PDSCameras.pattern(letter: nil) == "FILE_NAME:???????????ilf*")
    let date = try #require(CalendarDate(strict: "2004-05-06"))
    #expect(PDSSearch.day(date) == "START_TIME:[2004-05-06T00:00:00Z TO 2004-05-07T00:00:00Z}")
  }

  @Test func facetsAskForEverySolInIndexOrder() {
    let url = PDSSearch.facets(PDSSearch.products(of: .spirit)).url(base: base)
    let values = Dictionary(items(url).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    #expect(values["rows"] == "0" && values["facet"] == "true")
    #expect(values["facet.field"] == "PLANET_DAY_NUMBER" && values["facet.limit"] == "-1")
    #expect(values["facet.mincount"] == "1" && values["facet.sort"] == "index")
  }

  /// The reference's example (Oshuma's `TestPDSFullSizeURL`).
  @Test func catalogURLBecomesTheBrowseJPEG() {
    let atlas =
      "https://pds-imaging.jpl.nasa.gov///data/mer/mer1no_0xxx/extras/catalog/sol0100/rdr//1n137056144ilf2002p1825r0m1.img.jpg"
    #expect(
      PDSBrowseURL.fullSize(atlas)
        == "https://pds-imaging.jpl.nasa.gov/data/mer/mer1no_0xxx/browse/sol0100/rdr/1n137056144ilf2002p1825r0m1.img.jpg"
    )
  }

  @Test func otherURLsAreOnlyCleaned() {
    #expect(PDSBrowseURL.fullSize("https://example.org//a//b.jpg") == "https://example.org/a/b.jpg")
    #expect(PDSBrowseURL.fullSize("https://example.org/a/b.jpg") == "https://example.org/a/b.jpg")
    // Only the first catalog segment changes.
    #expect(
      PDSBrowseURL.fullSize("http://h/extras/catalog/x/extras/catalog/y.jpg")
        == "http://h/browse/x/extras/catalog/y.jpg")
  }

  @Test func browseURLDerivedFromTheFileName() {
    #expect(
      PDSBrowseURL.derived(fileName: "2F126468064ILF0200P1212L0M1.IMG", sol: 5)
        == "https://pds-imaging.jpl.nasa.gov/data/mer/mer2ho_0xxx/browse/sol0005/rdr/2f126468064ilf0200p1212l0m1.img.jpg"
    )
    #expect(PDSBrowseURL.derived(fileName: "3n1.img", sol: 1) == nil)
  }

  @Test(arguments: [
    ("1f128287181ilf.img", "FHAZ"), ("1r1.img", "RHAZ"), ("2n1.img", "NAVCAM"), ("2p1.img", "PANCAM"),
    ("1m1.img", "MINITES"), ("2e1.img", "ENTRY"), ("2x1.img", "X"),
  ])
  func cameraFromTheSecondLetter(fileName: String, camera: String) {
    #expect(PDSCameras.camera(fileName: fileName).name == camera)
  }

  @Test func microscopicImagerFramesAreFiledAsMINITES() {
    #expect(PDSCameras.camera(fileName: "1m1.img").fullName == "Microscopic Imager")
    #expect(PDSCameras.entry(named: "mi")?.letter == "m")
    #expect(PDSCameras.entry(named: "minites")?.letter == "m")
    #expect(PDSCameras.entry(named: "MAHLI") == nil)
  }
}
