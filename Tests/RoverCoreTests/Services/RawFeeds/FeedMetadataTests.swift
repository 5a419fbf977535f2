import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// Every metadata field equals what the real record says, for every record: real Perseverance records (rock-snitch,
/// `Fixtures/frames/README.md`) replayed by a local feed server and listed through `RawFeedClient`, plus a real
/// Curiosity item with nulls where the feed has none. Expected values are read from the records here, separately.
@Suite(.serialized) struct FeedMetadataTests {
  typealias Record = [String: Any]

  static func records(_ name: String) throws -> [Record] {
    try #require(try JSONSerialization.jsonObject(with: FixtureLoader.data("frames/\(name)")) as? [Record])
  }

  /// A Perseverance feed that answers a sol with the records of that sol, the way the real feed pages them.
  static func server(_ records: [Record]) throws -> TestHTTPServer {
    let pages = try records.reduce(into: [Int: [Record]]()) {
      $0[try #require($1["sol"] as? Int), default: []].append($1)
    }
    let encoded = try pages.mapValues { sol in
      try JSONSerialization.data(withJSONObject: [
        "images": sol, "per_page": "100", "total_results": sol.count, "page": 0, "mission": "mars2020",
        "total_images": sol.count,
      ])
    }
    let empty = Data(#"{"images":[],"total_results":0,"page":0}"#.utf8)
    return try TestHTTPServer { request in
      let sol = request.query("sol").flatMap(Int.init) ?? -1
      let page = request.query("page").flatMap(Int.init) ?? 0
      return TestResponse.json(data: page == 0 ? encoded[sol] ?? empty : empty)
    }
  }

  static func tuple(_ text: Any?) -> [Double]? {
    guard let text = text as? String, text != "UNK" else { return nil }
    return text.trimmingCharacters(in: CharacterSet(charactersIn: "()")).split(separator: ",").compactMap {
      Double($0)
    }
  }

  @Test func everyPerseveranceFieldEqualsItsRecord() async throws {
    let records = try Self.records("m2020-records")
    let server = try Self.server(records)
    defer { server.stop() }
    let client = RawFeedClient(
      // A connection lost under load (two cores, a full parallel run) is retried, as a user's would be.
      configuration: .testing(.nasaRaw, baseURL: server.baseURL, retries: 2),
      options: RawFeedOptions(includeThumbnails: true))
    var photos: [String: Photo] = [:]
    for sol in Set(records.compactMap { $0["sol"] as? Int }) {
      for photo in try await client.photos(PhotoQuery(rover: "perseverance", selection: .sol(sol))) {
        photos[photo.id.description] = photo
      }
    }
    #expect(photos.count == records.count)
    for record in records {
      let id = try #require(record["imageid"] as? String)
      let photo = try #require(photos[id], "\(id) not listed")
      try Self.check(photo.metadata, against: record, id: id)
      #expect(photo.frame?.sequence == String(Array(id)[35..<44]), "\(id)")
    }
  }

  static func check(_ meta: FrameMetadata, against record: Record, id: String) throws {
    let camera = record["camera"] as? Record ?? [:]
    let extended = record["extended"] as? Record ?? [:]
    let taken = try #require(record["date_taken_utc"] as? String)
    #expect(meta.takenUTC == (taken.hasSuffix("Z") ? taken : taken + "Z"), "\(id)")
    #expect(meta.receivedUTC == record["date_received"] as? String, "\(id)")
    let mars = try #require(record["date_taken_mars"] as? String)
    #expect(meta.lmst == String(mars[mars.index(after: try #require(mars.lastIndex(of: "M")))...]), "\(id)")
    #expect(meta.ltst == nil)
    #expect(meta.sclk == (extended["sclk"] as? String).flatMap(Double.init), "\(id)")
    #expect(meta.site == record["site"] as? Int, "\(id)")
    #expect(meta.drive == (record["drive"] as? String).flatMap { Int($0) }, "\(id)")
    #expect(meta.xyz == tuple(extended["xyz"]), "\(id)")
    #expect(meta.attitude == tuple(record["attitude"]), "\(id)")
    #expect(meta.mastAzimuth == (extended["mastAz"] as? String).flatMap(Double.init), "\(id)")
    #expect(meta.mastElevation == (extended["mastEl"] as? String).flatMap(Double.init), "\(id)")
    #expect(meta.cameraPosition == tuple(camera["camera_position"]), "\(id)")
    #expect(meta.cameraVector == tuple(camera["camera_vector"]), "\(id)")
    let type = camera["camera_model_type"] as? String
    #expect(meta.cameraModel?.type == type, "\(id)")
    if let model = meta.cameraModel, let list = camera["camera_model_component_list"] as? String {
      let parts = list.split(separator: ";")
      #expect(model.vectors.count == type?.count, "\(id)")
      #expect(model.vectors["c"] == tuple(String(parts[0])), "\(id)")
      #expect(model.parameters == parts.dropFirst(model.vectors.count).compactMap { Double($0) }, "\(id)")
    }
    let dimension = tuple(extended["dimension"])
    #expect(meta.width == dimension.map { Int($0[0]) } && meta.height == dimension.map { Int($0[1]) }, "\(id)")
    let subframe = tuple(extended["subframeRect"])
    #expect(meta.subframe.map { [$0.x, $0.y, $0.width, $0.height].map(Double.init) } == subframe, "\(id)")
    #expect(meta.scaleFactor == (extended["scaleFactor"] as? String).flatMap { Int($0) }, "\(id)")
    let filter = camera["filter_name"] as? String
    #expect(meta.filter == (filter == "UNK" ? nil : filter), "\(id)")
    #expect(meta.title == record["title"] as? String, "\(id)")
    #expect(meta.caption == record["caption"] as? String, "\(id)")
    #expect(meta.credit == record["credit"] as? String, "\(id)")
  }

  /// The sol-1 Mastcam item: its feed sends null for the clock, place and pointing, and rover says null too.
  @Test func aCuriosityItemKeepsItsValuesAndNulls() throws {
    let data = try JSONSerialization.data(withJSONObject: try Self.records("msl-items")[0])
    let item = try JSONDecoder().decode(CuriosityFeed.Item.self, from: data)
    let meta = item.metadata
    #expect(meta.takenUTC == "2012-08-07T04:52:33.000Z")
    #expect(meta.receivedUTC == "2012-08-16T02:10:06.000Z")
    #expect(meta.credit == "NASA/JPL-Caltech/MSSS")
    #expect(meta.title == "Sol 1: Mast Camera (Mastcam)")
    #expect(meta.caption?.hasPrefix("This image was taken by Mast Camera") == true)
    #expect(meta.sclk == nil && meta.site == nil && meta.drive == nil && meta.lmst == nil && meta.xyz == nil)
    #expect(meta.cameraModel == nil && meta.mastAzimuth == nil && meta.filter == nil && meta.subframe == nil)
  }

  /// Text past 4 KB (real titles are a few dozen characters) is nil wherever the record's field lands: the
  /// metadata's title, the camera's full name read from it, the capture time and the sample type.
  @Test func overlongTextIsNilEverywhereItLands() throws {
    var record = try Self.records("msl-items")[0]
    let long = "Sol 1: " + String(repeating: "M", count: FeedValue.maxLength)
    record["title"] = long
    record["date_taken"] = String(repeating: "2", count: FeedValue.maxLength + 1)
    record["extended"] = ["sample_type": String(repeating: "f", count: FeedValue.maxLength + 1)]
    record["instrument"] = String(repeating: "I", count: FeedValue.maxLength + 1)
    let item = try JSONDecoder().decode(CuriosityFeed.Item.self, from: JSONSerialization.data(withJSONObject: record))
    let photo = RawFeedClient(configuration: ServiceConfiguration(preset: .nasaRaw)).photo(item)
    #expect(photo.metadata.title == nil)
    #expect(photo.camera.fullName == nil)
    #expect(photo.camera.name == "UNKNOWN")
    #expect(photo.metadata.dateTaken == nil)
    #expect(photo.metadata.sampleType == "full")
    #expect(photo.earthDate == CalendarDate(year: 2012, month: 8, day: 7), "the sol's date instead")
  }

  /// InSight's `extended.localtime` is its LMST, without the `Sol-` prefix (api-reference 8.3).
  @Test func insightLocalTimeIsItsLMST() throws {
    let page = try FixtureLoader.decode(CuriosityFeed.Page.self, "raw-insight-items")
    let withTime = page.items.filter { $0.metadata.lmst != nil }
    #expect(!withTime.isEmpty)
    #expect(withTime.allSatisfy { $0.metadata.lmst?.count == 12 && $0.metadata.sclk != nil })
  }

  /// A 2018 InSight item sends `extended` as a JSON-encoded string (api-reference 8.12 quotes the real value
  /// `"{\"localtime\": \"13:34:21\"}"`) and `""` for tuple fields. Constructed: the captured 2019 item with its
  /// `extended` object written those ways.
  @Test(
    arguments: [
      (#""{\"localtime\": \"13:34:21\"}""#, "13:34:21"),
      (#""{\"localtime\": \"16:22:28.916\"}""#, "16:22:28.916"),
      (#""""#, nil), (#""not json""#, nil), (#""[1,2]""#, nil), ("null", nil),
    ] as [(String, String?)])
  func insightExtendedAsAString(extended: String, lmst: String?) throws {
    let captured = String(decoding: try FixtureLoader.data("raw-insight-items"), as: UTF8.self)
    let text = captured.replacingOccurrences(
      of: #""extended": {"localtime": "16:22:28.916"}"#, with: #""extended": "# + extended)
    #expect(text != captured)
    let page = try JSONDecoder().decode(CuriosityFeed.Page.self, from: Data(text.utf8))
    let item = try #require(page.items.first)
    #expect(item.metadata.lmst == lmst)
    #expect(item.metadata.sclk != nil, "the rest of the record is still read")
  }

  @Test func emptyTupleTextIsNil() {
    #expect(FeedValue.tuple("", count: 3) == nil)
  }

  /// Hostile values empty a field; they never crash a listing or become a wrong number.
  @Test(
    arguments: [
      ("(1,2)", nil), ("(1,2,nan)", nil), ("(1e400,0,0)", nil), ("UNK", nil), ("(1,2,3)", [1.0, 2, 3]),
      (String(repeating: "(1,", count: 5000), nil), ("( 1, 2 ,\u{00A0}3 )", [1.0, 2, 3]), ("(1,,3)", nil),
      ("(1, ,3)", nil), ("(\t-0.5e1 ,2,3)", [-5.0, 2, 3]), ("(1,2,3\u{200B})", [1.0, 2, 3]), ("(1,2,3x)", nil),
    ] as [(String, [Double]?)])
  func hostileTuplesAreNil(text: String, expected: [Double]?) {
    #expect(FeedValue.tuple(text, count: 3) == expected)
  }

  @Test func hostileNumbersAndTimesAreNil() {
    #expect(FeedValue.integer("1e30") == nil)
    #expect(FeedValue.integer("9223372036854775808") == nil)
    #expect(FeedValue.number("inf") == nil)
    #expect(FeedValue.marsTime("Sol-00050M99:19:27.044") == nil)
    #expect(FeedValue.marsTime("\u{1B}[31m") == nil)
    #expect(FeedValue.cameraModel(type: "CAHVORE", components: "(1,2,3);(1,2,3)") == nil)
    #expect(FeedValue.utc("2021-04-11T03:05:04.138") == "2021-04-11T03:05:04.138Z")
  }

  /// The feeds' real forms are kept (Perseverance's zoneless UTC, Curiosity's and InSight's `Z`); an offset is
  /// turned into UTC, as the field's name promises; anything else a hostile record sends is nil.
  @Test(arguments: [
    ("2021-04-11T03:05:04.138", "2021-04-11T03:05:04.138Z"),
    ("2025-10-06T17:16:46.000Z", "2025-10-06T17:16:46.000Z"),
    ("2021-04-11T16:01:56Z", "2021-04-11T16:01:56Z"),
    ("2021-04-21T08:22:27.367+05:00", "2021-04-21T03:22:27.367Z"),
    ("2021-01-01T01:00:00-02:30", "2021-01-01T03:30:00Z"),
    ("2021-03-01T00:10:00+01:00", "2021-02-28T23:10:00Z"),
  ])
  func utcTimesAreReadAsUTC(text: String, expected: String) {
    #expect(FeedValue.utc(text) == expected)
  }

  @Test(arguments: [
    "This is Totally not a dateZ", "2021-02-30T00:00:00", "2021-13-45T99:00:00", "0000-00-00T00:00:00Z",
    "2021-04-11T03:05:04\u{1B}[31m", "2021-04-11T03:05:04.Z", "2021-04-11T24:00:00Z", "2021-04-11 03:05:04Z",
    "+2021-04-11T03:05:04", "2021-04-11T03:05:04+5:00", "2021-04-11T03:05:04.1e3Z",
  ])
  func malformedTimesAreNil(text: String) {
    #expect(FeedValue.utc(text) == nil, "\(text)")
  }

  @Test(arguments: ["+1:03:1e1", "-0:00:00", "24:59:60.99", "13:19:27.044\u{1B}", "13:19:-1", "1:19:27", "13:60:00"])
  func malformedMarsTimesAreNil(text: String) {
    #expect(FeedValue.marsTime(text) == nil, "\(text)")
    #expect(FeedValue.marsTime("Sol-00050M" + text) == nil, "\(text)")
  }

  @Test func realMarsTimesAreKept() {
    #expect(FeedValue.marsTime("Sol-00050M13:19:27.044") == "13:19:27.044")
    #expect(FeedValue.marsTime("16:22:28.916") == "16:22:28.916")
    #expect(FeedValue.marsTime("Sol-04681M10:40:32") == "10:40:32")
  }
}
