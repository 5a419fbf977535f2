import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// One frame, whichever service lists it: the same product key, one download.
@Suite struct ProductKeyTests {
  static func photo(_ id: PhotoID, _ source: String) -> Photo {
    Photo(
      id: id, sol: 100, camera: Camera(name: "NAVCAM_LEFT"), imageSource: source,
      earthDate: CalendarDate(year: 2021, month: 6, day: 1)!, rover: Rover(name: "Perseverance"))
  }

  @Test func renditionsAndServicesShareAKey() {
    let base = "https://mars.nasa.gov/mars2020-raw-images/pub/ods/surface/sol/00100/ids/edr/browse/ncam/"
    let api = Self.photo(.number(830_000), base + "NLF_0100_0675377530_516ECM_N0040372NCAM00400_01_295J01_1200.jpg")
    let feed = Self.photo(
      .text("NLF_0100_0675377530_516ECM_N0040372NCAM00400_01_295J"),
      base + "NLF_0100_0675377530_516ECM_N0040372NCAM00400_01_295J01.png")
    #expect(api.productKey == "NLF_0100_0675377530_516ECM_N0040372NCAM00400_01_295J01")
    #expect(api.productKey == feed.productKey)
    let mer = Self.photo(
      .text("1N137056144ILF2002P1825R0M1"), "https://h/data/mer/browse/sol0100/rdr/1n137056144ilf2002p1825r0m1.img.jpg")
    #expect(mer.productKey == "1N137056144ILF2002P1825R0M1")
  }

  /// Every real Perseverance record's version, lossless products (`…_0LLJ05`) and ICER ones (`…_0I1J01`) included:
  /// the field before the producer letter is the downsampling digit and two compression characters, not three digits.
  @Test func everyRealPerseveranceFrameHasItsVersion() throws {
    let photos = try RealFrames.decoded()
    #expect(photos.contains { $0.productKey.hasSuffix("0LLJ05") })
    for photo in photos {
      let frame = try #require(photo.frame, "\(photo.imageSource)")
      let version = try #require(photo.frameVersion, "\(photo.productKey)")
      #expect(version.number == frame.version, "\(photo.productKey)")
      #expect(version.frame + String(format: "%02d", version.number) == photo.productKey)
    }
  }

  @Test func aFrameListedByAnotherServiceIsNotDownloadedTwice() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = TestDirectory.unused("rover-product")
    let url = api.server.url("/images/FLB_486265257EDR_F0481570FHAZ00323M_.JPG").absoluteString
    let template = try NameTemplate("{id}.{ext}")
    let first = Downloader(options: .testing(into: dir, template: template))
    #expect(try await first.run([Self.photo(.number(1), url)]).downloaded == 1)
    let again = Downloader(options: .testing(into: dir, template: template))
    let summary = try await again.run([Self.photo(.text("FLB_486265257EDR_F0481570FHAZ00323M_"), url)])
    #expect(summary.skipped == 1 && summary.downloaded == 0)
    #expect(api.requestCount(pathPrefix: "/images/") == 1)
  }
}
