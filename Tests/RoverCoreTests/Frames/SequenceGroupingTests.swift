import Foundation
import Testing

@testable import RoverCore

/// Sequences (api-reference 8.11) in the 22 real Perseverance records and in real names from `names.txt`.
@Suite struct SequenceGroupingTests {
  /// Sol 1020's real Navcam frame `NLF_1020_…_N0490000SCAM02020_00_0LLJ` was commanded by SuperCam: it is counted
  /// under SuperCam's sequence, with the Navcam as its camera.
  @Test func aNavcamFrameGoesUnderTheSuperCamSequenceThatCommandedIt() async throws {
    let photos = try await RealFrames.perseverance().filter { $0.sol == 1020 }
    #expect(photos.first?.camera.name == "NAVCAM_LEFT")
    let sequences = SequenceGrouping.sequences(photos)
    #expect(
      sequences == [
        FrameSequence(
          sequence: "SCAM02020", sol: 1020, count: 1, cameras: ["NAVCAM_LEFT"], eyes: ["left"],
          firstLMST: "09:07:06.120", lastLMST: "09:07:06.120", tiles: [])
      ])
  }

  /// Sol 1110: both eyes, tiles 01 and 04 of one exposure, one sequence.
  @Test func tilesAndEyesOfOneObservationAreSummedUp() async throws {
    let photos = try await RealFrames.perseverance().filter { $0.sol == 1110 }
    #expect(
      SequenceGrouping.sequences(photos) == [
        FrameSequence(
          sequence: "NCAM13109", sol: 1110, count: 4, cameras: ["NAVCAM_LEFT", "NAVCAM_RIGHT"],
          eyes: ["left", "right"], firstLMST: "08:38:31.120", lastLMST: "08:38:31.120", tiles: [1, 4])
      ])
  }

  /// Every photo counted once, each sol's sequences together, sols in order; the real sequence ids are those of
  /// the names (slice 35–44).
  @Test func everyPhotoIsCountedOnceInItsSolAndSequence() async throws {
    let photos = try await RealFrames.perseverance()
    let sequences = SequenceGrouping.sequences(photos.shuffled())
    #expect(sequences.reduce(0) { $0 + $1.count } == photos.count)
    #expect(sequences.map(\.sol) == sequences.map(\.sol).sorted())
    let expected = Set(photos.map { "\($0.sol) \(String(Array($0.id.description)[35..<44]))" })
    #expect(Set(sequences.map { "\($0.sol) \($0.sequence ?? "-")" }) == expected)
    #expect(sequences == SequenceGrouping.sequences(photos))
  }

  /// Real names of sols 1 and 2 (rock-snitch tests and naming notes): the autonomous `AUT_04096` and a name no
  /// grammar fits (constructed: `IMG_1234.jpg`), which is counted under no sequence, last in its sol.
  @Test func framesWithoutASequenceAreCountedLastUnderNull() throws {
    let photos = [
      RealFrames.photo("NLF_0002_0667129618_444EBY_N0010052AUT_04096_00_0LLJ", sol: 2),
      RealFrames.photo("IMG_1234.jpg", sol: 2, id: 1),
      RealFrames.photo("NRE_0002_0667130259_241ECM_N0010052AUT_04096_00_0LLJ01", sol: 2),
      RealFrames.photo("NRF_0018_0668555532_151ECM_N0030578NCAM00188_01_290J.png", sol: 18),
    ]
    let sequences = SequenceGrouping.sequences(photos)
    #expect(sequences.map(\.sequence) == ["AUT_04096", nil, "NCAM00188"])
    #expect(sequences.map(\.count) == [2, 1, 1])
    #expect(sequences[0].eyes == ["left", "right"] && sequences[1].eyes.isEmpty && sequences[1].firstLMST == nil)
    #expect(sequences[2].tiles == [1])
  }

  @Test func jsonHasEveryKeyWithNullsWhereUnknown() throws {
    let unknown = FrameSequence(sequence: nil, sol: 2, count: 1, cameras: ["UNKNOWN"])
    let data = try JSONEncoder().encode(unknown)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(
      Set(object.keys) == ["sequence", "sol", "count", "cameras", "eyes", "first_lmst", "last_lmst", "tiles"])
    #expect(object["sequence"] is NSNull && object["first_lmst"] is NSNull && object["tiles"] as? [Int] == [])
    #expect(try JSONDecoder().decode(FrameSequence.self, from: data) == unknown)
  }
}
