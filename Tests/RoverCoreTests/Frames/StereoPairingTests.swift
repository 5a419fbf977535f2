import Foundation
import Testing

@testable import RoverCore

/// Stereo pairs (api-reference 8.11) found in the 22 real Perseverance records, and in real Curiosity and
/// Perseverance names from `names.txt`. Records or photos changed to break a rule are marked "constructed" where made.
@Suite struct StereoPairingTests {
  /// The six pairs the fixture's README lists (sols 60, 380, 395, 1110 tiles 01 and 04, 1176), left then right.
  static let realPairs = [
    ("NLF_0060_0672265209_237EBY_N0032046NCAM00410_00_0LLJ", "NRE_0060_0672265209_237ECM_N0032046NCAM00410_00_0LLJ"),
    ("NLF_0380_0700686262_301ECM_N0112472NCAM03380_01_195J", "NRF_0380_0700686262_301ECM_N0112472NCAM03380_01_195J"),
    ("NLF_0395_0702014201_058ECM_N0171064NCAM03395_01_195J", "NRF_0395_0702014201_058ECM_N0171064NCAM03395_01_195J"),
    ("NLF_1110_0765465872_675ECM_N0512578NCAM13109_01_195J", "NRF_1110_0765465872_675ECM_N0512578NCAM13109_01_195J"),
    ("NLF_1110_0765465872_675ECM_N0512578NCAM13109_04_195J", "NRF_1110_0765465872_675ECM_N0512578NCAM13109_04_195J"),
    ("NLF_1176_0771330642_883ECM_N0530000NCAM14175_01_195J", "NRF_1176_0771330642_883ECM_N0530000NCAM14175_01_195J"),
  ]

  /// Each entry's ids, `-` for an empty side.
  static func ids(_ pairs: [StereoPair]) -> [String] {
    pairs.map { "\($0.left?.id.description ?? "-") \($0.right?.id.description ?? "-")" }
  }

  @Test func theSol60PairWithDifferentColorAndProductIsPaired() async throws {
    let photos = try await RealFrames.perseverance().filter { $0.sol == 60 }
    let pairs = StereoPairing.pairs(photos)
    let pair = try #require(pairs.first)
    #expect(pairs.count == 1)
    #expect(pair.left?.id.description == Self.realPairs[0].0)
    #expect(pair.right?.id.description == Self.realPairs[0].1)
    let left = try #require(pair.left?.frame)
    let right = try #require(pair.right?.frame)
    #expect(left.color == "F" && left.product == "EBY")
    #expect(right.color == "E" && right.product == "ECM")
    // The records: shutter sclk 672265210.261 both; mastAz 100.778 / 101.111; mastEl -1.61008 / -1.40623.
    #expect(pair.sclkDifference == 0)
    #expect(pair.azimuthDifference == 0.333)
    #expect(pair.elevationDifference == 0.20385)
  }

  @Test func everyRealPairIsFoundAndNothingElseIsPaired() async throws {
    let pairs = StereoPairing.pairs(try await RealFrames.perseverance())
    let found = pairs.filter(\.isPaired).map { "\($0.left?.id.description ?? "") \($0.right?.id.description ?? "")" }
    #expect(found == Self.realPairs.map { "\($0.0) \($0.1)" })
    for pair in pairs where pair.isPaired {
      #expect((pair.sclkDifference ?? 99) <= 0.08, "\(Self.ids([pair]))")
      #expect((pair.azimuthDifference ?? 99) <= 0.4 && (pair.elevationDifference ?? 99) <= 0.4)
    }
  }

  @Test func everyPhotoAppearsExactlyOnce() async throws {
    let photos = try await RealFrames.perseverance()
    for input in [photos, photos.reversed(), photos.filter { $0.sol == 1110 }] {
      let pairs = StereoPairing.pairs(input)
      let listed = pairs.flatMap { [$0.left, $0.right].compactMap { $0?.id.description } }
      #expect(listed.sorted() == input.map(\.id.description).sorted())
      #expect(pairs.allSatisfy { $0.left != nil || $0.right != nil })
    }
  }

  @Test func theOrderIsTheSameWhateverTheInputOrder() async throws {
    let photos = try await RealFrames.perseverance()
    let expected = Self.ids(StereoPairing.pairs(photos))
    #expect(Self.ids(StereoPairing.pairs(photos.reversed())) == expected)
    #expect(Self.ids(StereoPairing.pairs(photos.shuffled())) == expected)
    let sols = StereoPairing.pairs(photos).compactMap { ($0.left ?? $0.right)?.sol }
    #expect(sols == sols.sorted())
  }

  /// Sol 670's tile 09 and sol 557's right frame are real frames whose partner is not in the feed's records.
  @Test func aLoneTileIsReportedUnpaired() async throws {
    let photos = try await RealFrames.perseverance()
    let tile = try #require(StereoPairing.pairs(photos.filter { $0.sol == 670 }).first)
    #expect(tile.left?.frame?.tile == 9 && tile.right == nil)
    #expect(tile.sclkDifference == nil && tile.azimuthDifference == nil && tile.elevationDifference == nil)
    let right = try #require(StereoPairing.pairs(photos.filter { $0.sol == 557 }).first)
    #expect(right.left == nil && right.right?.frame?.eye == .right)
  }

  /// Sols 1400 and 1490: two real tiles of one left exposure (same shutter clock, other subframes) stay apart; on
  /// sol 1110 each left tile pairs with the right tile of its own number, never another.
  @Test func tilesOfOneExposureAreNeverPaired() async throws {
    let photos = try await RealFrames.perseverance()
    for sol in [1400, 1490] {
      let tiles = photos.filter { $0.sol == sol }
      #expect(tiles.count == 2 && Set(tiles.compactMap(\.frame?.exposureKey)).count == 1)
      let pairs = StereoPairing.pairs(tiles)
      #expect(pairs.count == 2 && pairs.allSatisfy { !$0.isPaired && $0.left != nil }, "\(Self.ids(pairs))")
    }
    let sol1110 = StereoPairing.pairs(photos.filter { $0.sol == 1110 })
    #expect(sol1110.count == 2)
    #expect(sol1110.allSatisfy { $0.isPaired && $0.left?.frame?.tile == $0.right?.frame?.tile })
  }

  /// Constructed: the fixture has no frame in two versions, so the real sol-1176 left frame (version 04) is copied
  /// as a version 03 under another id. Versions of one frame share one eye, so they never pair with each other;
  /// the right frame pairs with the left of its own version.
  @Test func versionsOfOneFrameAreNeverPaired() async throws {
    let photos = try await RealFrames.perseverance().filter { $0.sol == 1176 }
    let left = try #require(photos.first { $0.frame?.eye == .left })
    let right = try #require(photos.first { $0.frame?.eye == .right })
    #expect(left.frame?.version == 4)
    let older = RealFrames.copy(
      left, id: "constructed-v03", imageSource: left.imageSource.replacingOccurrences(of: "J04_", with: "J03_"))
    #expect(older.frame?.version == 3 && older.frame?.frameKey == left.frame?.frameKey)
    let versions = StereoPairing.pairs([older, left])
    #expect(versions.count == 2 && versions.allSatisfy { !$0.isPaired })
    let all = StereoPairing.pairs([older, right, left])
    #expect(all.filter(\.isPaired).map { $0.left?.id } == [left.id])
    #expect(all.contains { $0.left?.id == older.id && $0.right == nil })
  }

  /// Constructed: the real sol-380 pair with one value of the right frame moved past its limit.
  @Test(arguments: ["sclk", "azimuth", "elevation", "subframe"])
  func aCandidateFailingConfirmationIsNotPaired(changed: String) async throws {
    let photos = try await RealFrames.perseverance().filter { $0.sol == 380 }
    #expect(StereoPairing.pairs(photos).count == 1)
    var moved = photos
    let index = try #require(moved.firstIndex { $0.frame?.eye == .right })
    switch changed {
    case "sclk": moved[index].metadata.sclk? += 5.5
    case "azimuth": moved[index].metadata.mastAzimuth? += 0.6
    case "elevation": moved[index].metadata.mastElevation? += 0.6
    default: moved[index].metadata.subframe?.x += 8
    }
    let pairs = StereoPairing.pairs(moved)
    #expect(pairs.count == 2 && pairs.allSatisfy { !$0.isPaired }, "\(changed)")
  }

  @Test func azimuthsAreComparedAcrossNorth() {
    #expect(StereoPairing.angle(359.9, 0.1) == 0.2)
    #expect(StereoPairing.angle(-0.2, 359.9) == 0.1)
    // The real sol-1110 pair points at negative azimuths: -8.45512 and -8.17607.
    #expect(StereoPairing.angle(-8.45512, -8.17607) == 0.27905)
  }

  /// Real Photos-API names without metadata (spacetagram, sol 394): four left tiles and the right tile 01. Only the
  /// tiles 01 pair; the three other left tiles are listed alone.
  @Test func namesAlonePairWithoutMetadata() {
    let base = "https://mars.nasa.gov/mars2020-raw-images/pub/ods/surface/sol/00394/ids/edr/browse/ncam/"
    let names = ["01", "04", "07", "10"].map { "NLF_0394_0701921329_862ECM_N0170000NCAM02394_\($0)_185J01_1200.jpg" }
    let photos = (names + ["NRF_0394_0701921329_862ECM_N0170000NCAM02394_01_185J01_1200.jpg"]).enumerated().map {
      RealFrames.photo(base + $0.element, sol: 394, id: 952_928 + $0.offset)
    }
    let pairs = StereoPairing.pairs(photos)
    #expect(pairs.count == 4)
    #expect(pairs.filter(\.isPaired).map { [$0.left?.id, $0.right?.id] } == [[.number(952_928), .number(952_932)]])
    let paired = pairs.first(where: \.isPaired)
    #expect(paired?.sclkDifference == nil && paired?.azimuthDifference == nil)
  }

  /// Real Curiosity Hazcam names (learn-react sol 1500, mars-tour sol 3027): the eye letter swapped, same clock.
  @Test func curiosityEngineeringCamerasPairBySwappingTheEye() {
    let base = "https://mars.nasa.gov/msl-raw-images/proj/msl/redops/ods/surface/sol/"
    let sol1500 = [
      "FLB_530660118EDR_F0582394FHAZ00318M_", "FRB_530660118EDR_F0582394FHAZ00318M_",
      "RLB_530660214EDR_F0582394RHAZ00313M_", "RRB_530660214EDR_F0582394RHAZ00313M_",
    ].map { RealFrames.photo(base + "01500/opgs/edr/fcam/\($0).JPG", sol: 1500) }
    let pairs1500 = StereoPairing.pairs(sol1500)
    #expect(pairs1500.count == 2 && pairs1500.allSatisfy(\.isPaired))
    #expect(pairs1500.allSatisfy { $0.left?.frame?.sclk == $0.right?.frame?.sclk })
    let sol3027 = [
      "FLB_666219749EDR_F0860978FHAZ00302M_", "FRB_666219749EDR_F0860978FHAZ00302M_",
      "FLB_666208121EDR_F0860618FHAZ00206M_",
    ].map { RealFrames.photo(base + "03027/opgs/edr/fcam/\($0).JPG", sol: 3027) }
    let pairs3027 = StereoPairing.pairs(sol3027)
    #expect(pairs3027.map(\.isPaired) == [false, true], "the lone earlier frame first, by clock")
  }

  /// Real Mastcam names of one pointing (mars-photos-app, sol 3163; both product id 100345019, type C): they pair
  /// by name without any clock (api-reference 8.12). Constructed: feed clocks added 0.5 s apart confirm the pair;
  /// 6 s apart, they refute it.
  @Test func mastcamPairsByProductIDConfirmedByTime() {
    let base = "https://mars.nasa.gov/msl-raw-images/msss/03163/mcam/"
    func photos(_ clocks: [Double?]) -> [Photo] {
      zip(["3163ML1003450191204480C00_DXXX", "3163MR1003450191403421C00_DXXX"], clocks).map { name, clock in
        var metadata = FrameMetadata()
        metadata.sclk = clock
        return RealFrames.photo(base + name + ".jpg", sol: 3163, metadata: metadata)
      }
    }
    #expect(StereoPairing.pairs(photos([nil, nil])).count == 1)
    let pair = StereoPairing.pairs(photos([678_292_000.25, 678_292_000.75]))
    #expect(pair.count == 1 && pair[0].left?.frame?.eye == .left && pair[0].sclkDifference == 0.5)
    #expect(StereoPairing.pairs(photos([678_292_000, 678_292_006])).count == 2)
  }

  /// Real names of mono cameras (WATSON, the EDL cameras) and a name no grammar fits are listed on the left alone.
  @Test func framesWithoutAnEyeAreOnTheLeftAlone() {
    let photos = [
      RealFrames.photo("SI0_0024_0669080939_077ECM_N0030792SRLC07015_0000LUJ", sol: 24),
      RealFrames.photo("IMG_1234.jpg", sol: 24, id: 1),
    ]
    let pairs = StereoPairing.pairs(photos)
    #expect(pairs.count == 2 && pairs.allSatisfy { $0.left != nil && $0.right == nil })
    #expect(pairs.last?.left?.id == .number(1), "a photo without a clock after those with one")
  }

  @Test func jsonHasEveryKeyAndRoverPhotoObjects() async throws {
    let photos = try await RealFrames.perseverance().filter { $0.sol == 60 || $0.sol == 557 }
    let encoder = JSONEncoder()
    for pair in StereoPairing.pairs(photos) {
      let object = try #require(
        try JSONSerialization.jsonObject(with: try encoder.encode(pair)) as? [String: Any])
      #expect(
        Set(object.keys) == [
          "left", "right", "sclk_difference", "azimuth_difference", "elevation_difference", "cross_product",
        ])
      for side in ["left", "right"] {
        if let photo = object[side] as? [String: Any] {
          #expect(photo["img_src"] is String && photo["sol"] is Int && photo["sequence"] is String)
        } else {
          #expect(object[side] is NSNull)
        }
      }
      let decoded = try JSONDecoder().decode(StereoPair.self, from: try encoder.encode(pair))
      #expect(decoded == pair)
    }
  }
}
