import Foundation
import Testing

@testable import RoverCore

/// `Photo.metadata` is kept behind a shared reference (copies of a listing move a pointer, not twenty-odd fields);
/// it must still behave as a plain stored value.
@Suite struct PhotoTests {
  static let photo = Photo.testing(1, at: URL(string: "http://127.0.0.1:9/a.jpg")!)

  @Test func metadataIsAValuePerCopy() {
    var one = Self.photo
    one.metadata.sclk = 1.5
    one.metadata.lmst = "Sol-01000M12:00:00"
    var two = one
    two.metadata.sclk = 2
    #expect(one.metadata.sclk == 1.5)
    #expect(two.metadata.sclk == 2)
    #expect(two.metadata.lmst == "Sol-01000M12:00:00")
    two.metadata = FrameMetadata()
    #expect(two.metadata.isEmpty)
    #expect(one.metadata.lmst == "Sol-01000M12:00:00")
  }

  @Test func photosWithAndWithoutMetadataAreTheSamePhoto() {
    var described = Self.photo
    described.metadata.site = 3
    #expect(described == Self.photo)
    #expect(Self.photo.metadata.isEmpty)
    #expect(described.metadata.site == 3)
  }
}
