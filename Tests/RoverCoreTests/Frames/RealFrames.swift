import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// The real photos the frame tests work on, and how to make a photo from a real file name.
enum RealFrames {
  /// The 22 real Perseverance records of `Fixtures/frames/m2020-records.json` (rock-snitch, see the README there),
  /// replayed by a local feed server and listed sol by sol through `RawFeedClient`, as `rover` lists them.
  static func perseverance() async throws -> [Photo] {
    let records = try FeedMetadataTests.records("m2020-records")
    let server = try FeedMetadataTests.server(records)
    defer { server.stop() }
    let client = RawFeedClient(
      // A connection lost under load (two cores, a full parallel run) is retried, as a user's would be.
      configuration: .testing(.nasaRaw, baseURL: server.baseURL, retries: 2),
      options: RawFeedOptions(includeThumbnails: true))
    var photos: [Photo] = []
    for sol in Set(records.compactMap { $0["sol"] as? Int }).sorted() {
      photos += try await client.photos(PhotoQuery(rover: "perseverance", selection: .sol(sol)))
    }
    #expect(photos.count == records.count)
    return photos
  }

  /// The same records decoded as one feed page and made into photos in process, without a server: for tests of
  /// what rover does with a listed photo rather than of the listing.
  static func decoded() throws -> [Photo] {
    try images().map { client.photo($0) }
  }

  /// The records as the feed decoder reads them, in the fixture's order.
  static func images() throws -> [PerseveranceFeed.Image] {
    let records = try FixtureLoader.data("frames/m2020-records")
    return try JSONDecoder().decode(
      PerseveranceFeed.Page.self, from: Data(#"{"images":"#.utf8) + records + Data("}".utf8)
    ).images
  }

  static let client = RawFeedClient(configuration: ServiceConfiguration(preset: .nasaRaw, engine: .testing))

  /// A photo as a Photos-API copy lists it: a real name (from `names.txt`) as its URL, no metadata. The photo is
  /// constructed around the name; the name is not.
  static func photo(_ name: String, sol: Int, id: Int? = nil, metadata: FrameMetadata = FrameMetadata()) -> Photo {
    let frame = FrameName(name)
    return Photo(
      id: id.map { .number($0) } ?? .text(frame?.stem ?? name), sol: sol,
      camera: Camera(name: frame?.camera ?? "UNKNOWN"), imageSource: name,
      earthDate: CalendarDate(daysSinceEpoch: 18_262),
      rover: Rover(name: "Test", status: .active), metadata: metadata)
  }

  /// The photos whose id is one of `ids`, in that order.
  static func named(_ ids: [String], in photos: [Photo]) throws -> [Photo] {
    try ids.map { id in try #require(photos.first { $0.id.description == id }, "\(id) not listed") }
  }

  /// A copy of `photo` under another id and image URL, everything else kept.
  static func copy(_ photo: Photo, id: String, imageSource: String) -> Photo {
    var copy = photo
    copy.id = .text(id)
    copy.imageSource = imageSource
    return copy
  }
}
