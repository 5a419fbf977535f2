import Foundation
import Testing

@testable import RoverCore

/// `photos --json` lays out each photo's compact line instead of asking JSONEncoder again: the bytes must be the
/// encoder's pretty-printed ones in jq's style (`"key": value`, `[]`, `{}`), for every shape a photo takes (nested
/// objects, arrays, empty containers, escapes).
@Suite struct PrettyJSONTests {
  /// Foundation's pretty print with its two differences from jq's undone: `"key" : ` and empty containers over
  /// three lines.
  static func pretty(_ photo: Photo) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let foundation = String(decoding: try encoder.encode(photo), as: UTF8.self)
    let keys = try NSRegularExpression(pattern: #"^( *"(?:[^"\\]|\\.)*") : "#, options: .anchorsMatchLines)
    var text = keys.stringByReplacingMatches(
      in: foundation, range: NSRange(foundation.startIndex..., in: foundation), withTemplate: "$1: ")
    text = text.replacingOccurrences(of: #"\[\n *\n *\]"#, with: "[]", options: .regularExpression)
    return text.replacingOccurrences(of: #"\{\n *\n *\}"#, with: "{}", options: .regularExpression)
  }

  static func laidOut(_ photo: Photo, indent: Int = 0) -> String {
    var line = ""
    PhotoJSONLine.write(photo, into: &line)
    return PrettyJSON.layout(line, indent: indent)
  }

  @Test func everyKindOfPhotoIsLaidOutAsJSONEncoderPrettyPrintsIt() throws {
    let captured = try FixtureLoader.decode(PhotoJSONLineTests.Page.self, "original-photos").photos
    let photos = captured + AwkwardPhotos.all + (try RealFrames.decoded())
    #expect(photos.count > 20)
    for photo in photos { #expect(Self.laidOut(photo) == (try Self.pretty(photo))) }
  }

  /// As an element of the array: every line after the first two spaces further in, as the printer wants it.
  @Test func anElementIsIndentedAsAWholeArrayIs() throws {
    let photo = try RealFrames.decoded()[0]
    let element = try Self.pretty(photo).replacingOccurrences(of: "\n", with: "\n  ")
    #expect(Self.laidOut(photo, indent: 2) == element)
  }

  @Test func emptyContainersAndEscapedQuotesKeepTheirPlace() throws {
    let compact = #"{"a":[],"b":{},"c":[1,{"d":"x\"}:,[y"}],"e":"\\"}"#
    let expected = """
      {
        "a": [],
        "b": {},
        "c": [
          1,
          {
            "d": "x\\"}:,[y"
          }
        ],
        "e": "\\\\"
      }
      """
    #expect(PrettyJSON.layout(compact) == expected)
  }
}
