import Foundation
import Testing

@testable import RoverCore

/// The hand-written JSON Lines writer must give exactly JSONEncoder's bytes (sorted keys, unescaped slashes):
/// `--format jsonl` is a stable interface, and scripts compare lines.
@Suite struct PhotoJSONLineTests {
  struct Page: Decodable {
    var photos: [Photo]
  }

  static func encoded(_ photo: Photo) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(photo), as: UTF8.self) + "\n"
  }

  @Test(arguments: ["original-photos", "marsvista-photos", "original-photos-instrument-cameras"])
  func capturedPhotosAreWrittenAsJSONEncoderWritesThem(fixture: String) throws {
    let photos = try FixtureLoader.decode(Page.self, fixture).photos
    #expect(!photos.isEmpty)
    for photo in photos { #expect(PhotoJSONLine.line(photo) == (try Self.encoded(photo))) }
  }

  @Test func everyOptionalPartAndEveryAwkwardCharacter() throws {
    let awkward = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\"\\/é日\u{7F}\u{2028}😀"
    let photos = [
      Photo(
        id: .text("NLF_\(awkward)"), sol: 12, camera: Camera(id: 3, name: awkward, fullName: awkward, roverID: 8),
        imageSource: "https://h/a b/\(awkward).png", earthDate: CalendarDate(year: 2021, month: 3, day: 1)!,
        rover: Rover(id: 8, name: "Perseverance", status: .other(awkward)),
        details: PhotoDetails(
          dateTaken: "2021-03-01T10:00:00Z", sampleType: "full",
          imageFiles: ["small": "https://h/s.jpg", "full_res": awkward, "large": "https://h/l.jpg"], title: awkward)),
      Photo(
        id: .number(-4), sol: 0, camera: Camera(name: "FHAZ"), imageSource: "",
        earthDate: CalendarDate(year: 2012, month: 8, day: 6)!, rover: Rover(name: "Curiosity", status: .active),
        details: PhotoDetails(title: "t")),
    ]
    for photo in photos { #expect(PhotoJSONLine.line(photo) == (try Self.encoded(photo))) }
  }
}
