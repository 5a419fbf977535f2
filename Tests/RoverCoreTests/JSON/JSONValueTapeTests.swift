import Foundation
import Testing

@testable import RoverCore

/// A feed record kept whole (`JSONValue`) reads the same through the tape as through `JSONDecoder`; where the tape
/// is not sure (a fraction, a key given twice, an integer beyond Int), it answers nil and Foundation decides.
@Suite struct JSONValueTapeTests {
  static func agree(_ json: String) -> (fast: JSONValue?, foundation: JSONValue?) {
    let bytes = Array(json.utf8)
    let fast = JSONTape.decode(JSONValue.self, from: bytes)
    let foundation = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    if let fast { #expect(fast == foundation, "\(json)") }
    return (fast, foundation)
  }

  /// NASA's 22 real Perseverance records, each one whole.
  @Test func realFeedRecordsReadAsFoundationReadsThem() throws {
    let url = try #require(
      Bundle.module.url(forResource: "m2020-records", withExtension: "json", subdirectory: "Fixtures/frames"))
    let bytes = try Data(contentsOf: url)
    let records = try #require(try JSONSerialization.jsonObject(with: bytes) as? [Any])
    #expect(records.count == 22)
    var answered = 0
    for record in records {
      let text = String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self)
      if Self.agree(text).fast != nil { answered += 1 }
    }
    // Records whose numbers all lack fractions are the tape's; the others are Foundation's.
    #expect(answered > 0)
  }

  @Test(arguments: [
    #"{"a":1,"b":"x","c":[true,false,null],"d":{"e":-42,"f":"caf\u00e9"},"g":[]}"#,
    #"[1,[2,[3,[4]]],{"k":{}}]"#,
    #"{"big":123456789012345678901234567890}"#,
    #"{"n":-9223372036854775808,"m":9223372036854775807}"#,
    #""plain""#,
    #"null"#,
  ])
  func valuesTheTapeKnowsAreFoundations(json: String) {
    #expect(Self.agree(json).fast != nil || json.contains("big"))
  }

  @Test(arguments: [#"{"a":1.5}"#, #"{"a":1,"a":2}"#, #"[1e3]"#, #"{"x":[{"y":0.25}]}"#])
  func doubtsAreLeftToFoundation(json: String) {
    let (fast, foundation) = Self.agree(json)
    #expect(fast == nil)
    #expect(foundation != nil)
  }
}
