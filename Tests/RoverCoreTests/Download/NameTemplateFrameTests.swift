import Foundation
import Testing

@testable import RoverCore

/// `{sequence}`, `{tile}`, `{eye}`, `{lmst}`, `{site}`, `{drive}`, `{version}` from a real Perseverance record.
@Suite struct NameTemplateFrameTests {
  @Test func frameValuesNameTheFile() throws {
    let photo = try #require(try RealFrames.decoded().first { $0.id.description.hasPrefix("NLF_0060") })
    let template = try NameTemplate("{sequence}/{eye}-{lmst}-s{site}d{drive}-t{tile}-v{version}.{ext}")
    let meta = photo.metadata
    let lmst = try #require(meta.lmst?.prefix(8)).replacingOccurrences(of: ":", with: "-")
    let site = try #require(meta.site)
    let drive = try #require(meta.drive)
    let frame = try #require(photo.frame)
    let tile = frame.tile.map(String.init) ?? "unknown"
    let version = try #require(frame.version)
    #expect(
      template.path(for: photo)
        == "\(try #require(frame.sequence))/left-\(lmst)-s\(site)d\(drive)-t\(tile)-v\(version).jpg")
  }

  @Test func aPhotoWithoutThemSaysUnknown() throws {
    let photo = Photo(
      id: .number(1), sol: 1, camera: Camera(name: "X"), imageSource: "https://example.org/a.jpg",
      earthDate: CalendarDate(year: 2020, month: 1, day: 1)!, rover: Rover(name: "Curiosity"))
    #expect(try NameTemplate("{sequence}/{lmst}_{id}.{ext}").path(for: photo) == "unknown/unknown_1.jpg")
  }
}

/// A `--metadata` sidecar: every typed field, and the feed's own record verbatim under `source`.
@Suite struct SidecarTests {
  /// Records are kept verbatim only when a sidecar is wanted (`--metadata`).
  static let client = RawFeedClient(
    configuration: ServiceConfiguration(preset: .nasaRaw, engine: .testing), options: RawFeedOptions(keepsRecords: true)
  )

  @Test func aSidecarCarriesTypedFieldsAndTheRecordAsSent() throws {
    let raw = try #require(
      try JSONSerialization.jsonObject(with: FixtureLoader.data("frames/m2020-records")) as? [[String: Any]])
    for (image, record) in zip(try RealFrames.images(), raw) {
      // Without a sidecar the record is not held at all: a sol's records cost many times its photos.
      #expect(RealFrames.client.photo(image).source == nil)
      let sidecar = try Downloader.metadata(Self.client.photo(image))
      let object = try #require(try JSONSerialization.jsonObject(with: sidecar) as? [String: Any])
      let source = try #require(object["source"] as? [String: Any])
      #expect(NSDictionary(dictionary: source).isEqual(to: record), "\(image.id)")
      let clock = ((record["extended"] as? [String: Any])?["sclk"] as? String).flatMap(Double.init)
      #expect(object["sclk"] as? Double == clock)
      #expect(object["lmst"] is String)
    }
  }

  @Test func aPhotoPipedInHasANullSource() throws {
    let photo = Photo(
      id: .number(1), sol: 1, camera: Camera(name: "X"), imageSource: "https://example.org/a.jpg",
      earthDate: CalendarDate(year: 2020, month: 1, day: 1)!, rover: Rover(name: "Curiosity"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Downloader.metadata(photo)) as? [String: Any])
    #expect(object["source"] is NSNull)
    #expect(object["sclk"] is NSNull)
  }
}
