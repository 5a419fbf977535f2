import Foundation
import Testing

@testable import RoverCore

/// A feed record is kept verbatim (for a `--metadata` sidecar) only when the listing keeps records, and then only
/// up to 64 KB: the real sol-1 Mastcam item (`Fixtures/frames/msl-items.json`).
@Suite struct JSONValueBoundedTests {
  static func item(padding: Int = 0) throws -> Data {
    let records = try #require(
      try JSONSerialization.jsonObject(with: FixtureLoader.data("frames/msl-items")) as? [[String: Any]])
    var record = records[0]
    if padding > 0 { record["padding"] = String(repeating: "x", count: padding) }
    return try JSONSerialization.data(withJSONObject: record)
  }

  @Test func aRecordIsKeptOnlyWhenRecordsAreKept() throws {
    let data = try Self.item()
    let kept = try JSONValue.$keepsRecords.withValue(true) {
      try JSONTape.decodeOrFallBack(CuriosityFeed.Item.self, from: data)
    }
    guard case .object(let members)? = kept.source else {
      Issue.record("no record kept: \(String(describing: kept.source))")
      return
    }
    #expect(members["imageid"] == .string("0001MR0000000010100001C00_DXXX"), "\(members.keys.sorted())")
    let dropped = try JSONValue.$keepsRecords.withValue(false) {
      try JSONTape.decodeOrFallBack(CuriosityFeed.Item.self, from: data)
    }
    #expect(dropped.source == nil && !dropped.sourceTooLarge)
    #expect(dropped.metadata == kept.metadata && dropped.title == kept.title, "the rest is read the same")
  }

  @Test func aRecordOver64KBIsDroppedAndSaidSo() throws {
    let item = try JSONTape.decodeOrFallBack(CuriosityFeed.Item.self, from: Self.item(padding: 70 * 1024))
    #expect(item.source == nil && item.sourceTooLarge)
  }
}
