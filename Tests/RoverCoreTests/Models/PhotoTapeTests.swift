import Foundation
import Testing

@testable import RoverCore

/// The six-key shortcut gives Foundation's photo to the last field where it answers, and leaves every other shape
/// (numbers as strings, nulls, rovers with totals) to the lenient rules, which still agree with Foundation.
@Suite struct PhotoTapeTests {
  static let camera = #"{"id":20,"name":"FHAZ","rover_id":5,"full_name":"Front Hazard Avoidance Camera"}"#
  static let rover =
    #"{"id":5,"name":"Curiosity","landing_date":"2012-08-06","launch_date":"2011-11-26","status":"active"}"#

  static func photo(
    id: String = "102693", sol: String = "1000", camera: String = camera, src: String = #""http://x/a.jpg""#,
    date: String = #""2015-05-30""#, rover: String = rover
  ) -> String {
    #"{"id":\#(id),"sol":\#(sol),"camera":\#(camera),"img_src":\#(src),"earth_date":\#(date),"rover":\#(rover)}"#
  }

  /// Whether the shortcut itself answers for `json`, and that the decoded photo is Foundation's either way.
  static func shortcutAnswers(_ json: String) throws -> Bool {
    let bytes = Array(json.utf8)
    let tape = try #require(JSONTape(bytes))
    let answered = try? Photo(sixKeysOf: tape, object: 0)
    let (fast, foundation) = JSONTapeTests.agree(Photo.self, bytes) { [$0] }
    #expect(fast != nil || foundation == nil, "\(json)")
    return answered.flatMap { $0 } != nil
  }

  @Test(arguments: [
    photo(), photo(id: #""NLF_0060_0672265209_237EBY_N0032046NCAM00410_00_0LLJ""#),
    photo(camera: #"{"name":"NAVCAM_LEFT","full_name":"Left Navigation Camera (Navcam)"}"#),
    photo(camera: #"{"id":null,"name":"MAST","rover_id":null,"full_name":null,"extra":[1,2]}"#),
    photo(rover: #"{"name":"Perseverance","landing_date":"2021-02-18","launch_date":"2020-07-30","status":"active"}"#),
    photo(rover: #"{"name":"Spirit","status":null}"#), photo(date: #""2015-05-30T12:00:00Z""#),
    photo(rover: #"{"name":"Curiosity","landing_date":"6 Aug 2012","status":"weird"}"#),
    photo(src: #""caf\u00e9.jpg""#),
  ])
  func plainShapesTakeTheShortcut(json: String) throws {
    #expect(try Self.shortcutAnswers(json), "\(json)")
  }

  @Test(arguments: [
    photo(id: "null"), photo(id: "1.5"), photo(sol: #""1000""#), photo(sol: "null"), photo(camera: #""FHAZ""#),
    photo(camera: #"{"id":"20","name":"FHAZ"}"#), photo(camera: #"{"name":7}"#), photo(src: "null"),
    photo(date: #""not a date""#), photo(date: "20150530"), photo(rover: #"{"id":5,"name":"Curiosity","max_sol":0}"#),
    photo(rover: #"{"name":"Curiosity","cameras":[]}"#), photo(rover: #"{"name":"Curiosity","status":1}"#),
    photo(rover: #"{"name":"Curiosity","landing_date":20120806}"#), photo(id: "99999999999999999999"),
  ])
  func otherShapesTakeTheLenientRules(json: String) throws {
    #expect(try !Self.shortcutAnswers(json), "\(json)")
  }
}
