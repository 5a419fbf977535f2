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
    let photos = AwkwardPhotos.all
    for photo in photos { #expect(PhotoJSONLine.line(photo) == (try Self.encoded(photo))) }
  }

  /// Real Perseverance records carry every metadata field: clock, place, pointing, camera model, subframe.
  @Test func framesWithFullMetadataAreWrittenAsJSONEncoderWritesThem() throws {
    let photos = try RealFrames.decoded()
    #expect(photos.count == 22)
    #expect(photos.allSatisfy { $0.metadata.sclk != nil && $0.metadata.cameraModel != nil })
    for photo in photos {
      #expect(PhotoJSONLine.line(photo) == (try Self.encoded(photo)))
      let decoded = try JSONDecoder().decode(Photo.self, from: Data(PhotoJSONLine.line(photo).utf8))
      #expect(decoded.metadata == photo.metadata)
    }
  }

  /// The byte writer `photos --format jsonl` streams through appends exactly the line's bytes (without its newline)
  /// after what the buffer already holds, for every awkward string and every metadata field.
  @Test func theByteWriterAppendsTheLinesBytes() throws {
    for photo in AwkwardPhotos.all + (try RealFrames.decoded()) {
      var buffer = Array("{}\n".utf8)
      PhotoJSONLine.write(photo, into: &buffer)
      #expect(buffer == Array(("{}\n" + PhotoJSONLine.line(photo).dropLast()).utf8))
    }
  }
}
