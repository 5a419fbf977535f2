import Foundation
import Testing

@testable import RoverCore

/// A page is refused by its record count before a record is decoded: `{}` records, which would each fail to
/// decode as a photo, show the count is what refuses it.
@Suite struct TooManyRecordsTests {
  static func page(_ key: String, records: Int) -> Data {
    Data(("{\"\(key)\":[" + Array(repeating: "{}", count: records).joined(separator: ",") + "]}").utf8)
  }

  @Test func aPagedAnswerPastFiveThousandRecordsIsRefusedUnread() {
    let limit = TooManyRecords.perPage
    #expect(throws: TooManyRecords(count: limit + 1, limit: limit)) {
      try JSONTape.decodeOrFallBack(PhotosPage.self, from: Self.page("photos", records: limit + 1))
    }
    #expect(throws: TooManyRecords(count: limit + 1, limit: limit)) {
      try JSONTape.decodeOrFallBack(CuriosityFeed.Page.self, from: Self.page("items", records: limit + 1))
    }
    #expect(throws: TooManyRecords(count: limit + 1, limit: limit)) {
      try JSONTape.decodeOrFallBack(PerseveranceFeed.Page.self, from: Self.page("images", records: limit + 1))
    }
    let pds = Data(
      ("{\"response\":{\"numFound\":1,\"docs\":[" + Array(repeating: "{}", count: limit + 1).joined(separator: ",")
        + "]}}").utf8)
    #expect(throws: TooManyRecords(count: limit + 1, limit: limit)) {
      try JSONTape.decodeOrFallBack(PDSSearchResponse.self, from: pds)
    }
  }

  /// At the limit the records are decoded: the lenient feeds skip what does not decode.
  @Test func aPageAtTheLimitIsRead() throws {
    let page = try JSONTape.decodeOrFallBack(
      CuriosityFeed.Page.self, from: Self.page("items", records: TooManyRecords.perPage))
    #expect(page.items.isEmpty && page.unreadable == TooManyRecords.perPage)
  }

  /// `latest_photos` is one sol, unpaged: its limit is the sol's, so 5 001 records are decoded (and these fail).
  @Test func latestPhotosHoldsASol() {
    #expect(throws: DecodingError.self) {
      try JSONTape.decodeOrFallBack(PhotosPage.self, from: Self.page("latest_photos", records: 5_001))
    }
    #expect(throws: TooManyRecords(count: 25_001, limit: Pager.maxPhotosPerSol)) {
      try JSONTape.decodeOrFallBack(PhotosPage.self, from: Self.page("latest_photos", records: 25_001))
    }
  }
}
