import Foundation
import Testing

@testable import RoverCore

/// The fast decoder is only ever a shortcut: where it answers, its photos are Foundation's to the last field; where
/// it is not sure, or the bytes are not JSON, it answers nil and Foundation decides.
@Suite struct JSONTapeTests {
  struct Page: Decodable {
    var photos: [Photo]
  }

  /// Every stored field, nested ones included (`Photo`'s own `==` compares ids only); the sizes' dictionary is
  /// compared as a dictionary, since two equal ones may list their entries in different orders.
  static func fields(_ photos: [Photo]) -> String {
    var text = ""
    for photo in photos {
      var copy = photo
      copy.metadata.imageFiles = nil
      dump(copy, to: &text)
      text += (photo.metadata.imageFiles ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        .joined(separator: ",")
    }
    return text
  }

  /// What the fast path gives, checked against Foundation: equal where both answer, nil where Foundation fails.
  @discardableResult
  static func agree<T: Decodable>(_ type: T.Type, _ json: [UInt8], _ photos: (T) -> [Photo]) -> (
    fast: T?, foundation: T?
  ) {
    let fast = JSONTape.decode(type, from: json)
    let foundation = try? JSONDecoder().decode(type, from: Data(json))
    if let fast {
      #expect(
        foundation != nil, "the fast path decoded what JSONDecoder refuses: \(String(decoding: json, as: UTF8.self))")
      if let foundation { #expect(fields(photos(fast)) == fields(photos(foundation))) }
    }
    return (fast, foundation)
  }

  static let photoFixtures = [
    "original-photos", "marsvista-photos", "original-photos-instrument-cameras", "original-photos-empty",
  ]

  @Test(arguments: photoFixtures)
  func capturedPagesDecodeToFoundationsPhotos(fixture: String) throws {
    let bytes = [UInt8](try FixtureLoader.data(fixture))
    let (fast, foundation) = Self.agree(Page.self, bytes) { $0.photos }
    #expect(fast != nil, "the fast path should handle a real page")
    #expect(fast?.photos.count == foundation?.photos.count)
  }

  /// The raw feeds' photos as rover writes them (`photos --json`, the input of `fetch-image -`): capture times,
  /// sample types and every size in `image_files`.
  @Test func photosWrittenByRoverDecodeBackTheSame() throws {
    let photos = AwkwardPhotos.all
    let bytes = [UInt8](try JSONEncoder().encode(photos))
    let (fast, _) = Self.agree([Photo].self, bytes) { $0 }
    #expect(fast?.count == 2)
    #expect(fast?.first?.metadata.imageFiles?["full_res"] == AwkwardPhotos.text)
  }

  static let base = #""id":1,"camera":{"name":"FHAZ"},"img_src":"http://h/a.jpg","rover":{"name":"Curiosity"}"#

  /// Odd but valid photos the services send: the fast path must answer them, and as Foundation does.
  @Test(arguments: [
    #"{\#(base),"sol":12,"earth_date":"2015-05-30"}"#,
    #"{"id":"593842","sol":" 12 ","earth_date":"2015-05-30","camera":{"name":"FHAZ","id":"20","rover_id":null},"img_src":"http:\/\/h\/a.jpg","rover":{"name":"Curiosity","status":"active","cameras":[{"name":"X"}]}}"#,
    #"{\#(base),"sol":-0,"earth_date":"2015-05-30","extra":{"deep":[[[{"a":[true,false,null,1.5e-3,"\u00e9\ud83d\ude80"]}]]]}}"#,
    #"{\#(base),"sol":12,"earth_date":"2015-05-30","title":"caf\u00e9 é 日","image_files":{"small":"s","large":"l"},"date_taken":"2015-05-30T01:02:03.000Z","sample_type":"Full"}"#,
    #"  {\#(base),"sol":9223372036854775807,"earth_date":"2015-05-30"}  "#,
  ])
  func oddValidPhotosTakeTheFastPath(json: String) {
    let (fast, foundation) = Self.agree(Photo.self, Array(json.utf8)) { [$0] }
    #expect(fast != nil)
    #expect(foundation != nil)
  }

  /// Where Foundation might answer otherwise, or not at all, the fast path stands aside.
  @Test(arguments: [
    #"{\#(base),"sol":12.0,"earth_date":"2015-05-30"}"#,  // an integer written with a fraction
    #"{\#(base),"sol":1e3,"earth_date":"2015-05-30"}"#,  // or an exponent
    #"{\#(base),"sol":12,"sol":13,"earth_date":"2015-05-30"}"#,  // a key given twice
    #"{\#(base),"sol":99999999999999999999,"earth_date":"2015-05-30"}"#,  // past Int
    #"{\#(base),"sol":12,"earth_date":"2015-05-30","title":"\ud83d"}"#,  // a lone surrogate
    #"{\#(base),"sol":12,"earth_date":"2015-05-30",}"#,  // a trailing comma
    #"{\#(base),"sol":012,"earth_date":"2015-05-30"}"#,  // a leading zero
    #"{\#(base),"sol":NaN,"earth_date":"2015-05-30"}"#,
    #"{\#(base),"sol":12,"earth_date":"2015-05-30"} {}"#,  // two values
    #"{\#(base),"sol":12,"earth_date":"2015-05-30","title":"\x"}"#,  // an escape JSON does not have
    #"{\#(base),"sol":12,"earth_date":"2015-05-30""#,  // cut short
    #"{\#(base),"earth_date":"2015-05-30"}"#,  // no sol
    #"{\#(base),"sol":12,"earth_date":""}"#,  // no date
    String(repeating: "[", count: 200) + String(repeating: "]", count: 200),  // deeper than a photo
  ])
  func unsureOrInvalidInputIsLeftToFoundation(json: String) {
    let (fast, _) = Self.agree(Photo.self, Array(json.utf8)) { [$0] }
    #expect(fast == nil)
  }

  @Test func rawControlCharactersAndInvalidUTF8AreLeftToFoundation() {
    let prefix = Array(#"{\#(Self.base),"sol":12,"earth_date":"2015-05-30","title":""#.utf8)
    for bad: [UInt8] in [[0x0A], [0x00], [0xC3], [0xFF, 0xFE], [0xED, 0xA0, 0x80]] {
      let (fast, _) = Self.agree(Photo.self, prefix + bad + Array(#""}"#.utf8)) { [$0] }
      #expect(fast == nil)
    }
  }
}
