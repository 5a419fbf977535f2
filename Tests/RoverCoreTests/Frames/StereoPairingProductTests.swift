import Foundation
import Testing

@testable import RoverCore

/// Pairs on real listings the name grammar could not read before (api-reference 8.12): Curiosity Mastcam by product
/// id, Spirit and Opportunity once their `-BR` names decode, and like-product first where an exposure exists as both
/// a raw Bayer and a debayered product. Sources in `Fixtures/frames/README.md`; constructed frames are marked.
@Suite struct StereoPairingProductTests {
  /// The 58 Photos-API rows of Curiosity sol 1000, camera MAST, as listed.
  static func mastcamSol1000() throws -> [Photo] {
    let url = try #require(
      Bundle.module.url(forResource: "msl-sol1000-mastcam", withExtension: "txt", subdirectory: "Fixtures/frames"))
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ")
      guard !line.hasPrefix("#"), fields.count == 2, let id = Int(fields[0]) else { return nil }
      return RealFrames.photo(String(fields[1]), sol: 1000, id: id)
    }
  }

  /// A Photos-API page stored under `Fixtures/`.
  static func page(_ name: String) throws -> [Photo] {
    try FixtureLoader.decode(PhotosPage.self, name).photos
  }

  @Test func everyMastcamFrameOfSol1000PairsByProductID() throws {
    let photos = try Self.mastcamSol1000()
    #expect(photos.count == 58)
    let pairs = StereoPairing.pairs(photos)
    #expect(pairs.count == 29 && pairs.allSatisfy(\.isPaired))
    for pair in pairs {
      let left = try #require(pair.left?.frame)
      let right = try #require(pair.right?.frame)
      #expect(left.eye == .left && right.eye == .right)
      #expect(left.stem.prefix(4) == right.stem.prefix(4))
      #expect(left.stem.dropFirst(6).prefix(9) == right.stem.dropFirst(6).prefix(9))
      #expect(pair.crossProduct == false && pair.sclkDifference == nil)
    }
    // The pair api-reference 8.12 names, whose versions differ (E03 left, E01 right).
    let named = pairs.first { $0.left?.id.description == "424906" }
    #expect(named?.right?.id.description == "424905")
    // E0B (a letter version) pairs with its left like any other.
    #expect(pairs.first { $0.right?.id.description == "424909" }?.left?.id.description == "424910")
  }

  @Test func spiritSol1PairsItsHazcamsAndNavcams() throws {
    let pairs = StereoPairing.pairs(try Self.page("frames/spirit-sol1-photos"))
    let found = pairs.filter(\.isPaired).map { "\($0.left?.id.description ?? "") \($0.right?.id.description ?? "")" }
    #expect(found.sorted() == ["287319 287320", "290673 290674", "318416 318417"])
    #expect(pairs.count == 3)
  }

  @Test func opportunityPancamPairsByClock() throws {
    // Two Photos-API rows of Opportunity sol 4037: left and right Pancam, filter 2, one clock.
    let photos = try Self.page("original-photo-unknown-keys")
    let pairs = StereoPairing.pairs(photos)
    let paired = pairs.filter(\.isPaired)
    let pair = try #require(paired.first)
    #expect(pair.left?.frame?.stem == "1P486570059EFFCNJDP2407L2M1")
    #expect(pair.right?.frame?.stem == "1P486570059EFFCNJDP2407R2M1")
    #expect(pair.sclkDifference == 0 && pair.crossProduct == false)
  }

  @Test func aPairOfTwoProductsIsMadeOnlyWithoutASameProductPartner() throws {
    let left = "NLF_0060_0672265209_237EBY_N0032046NCAM00410_00_0LLJ"
    let right = "NRE_0060_0672265209_237ECM_N0032046NCAM00410_00_0LLJ"
    // Real: the sol-60 exposure's feed records are a debayered left and a raw right only.
    let alone = StereoPairing.pairs([RealFrames.photo(left, sol: 60), RealFrames.photo(right, sol: 60)])
    #expect(alone.count == 1 && alone[0].crossProduct == true)
    // Constructed: the two other products of that exposure, as sol 367's FHAZ02008 keeps all four (8.12).
    let rawLeft = "NLE_0060_0672265209_237ECM_N0032046NCAM00410_00_0LLJ"
    let debayeredRight = "NRF_0060_0672265209_237EBY_N0032046NCAM00410_00_0LLJ"
    for order in [[left, right, rawLeft, debayeredRight], [debayeredRight, rawLeft, right, left]] {
      let pairs = StereoPairing.pairs(order.map { RealFrames.photo($0, sol: 60) })
      #expect(pairs.count == 2 && pairs.allSatisfy(\.isPaired))
      for pair in pairs {
        #expect(pair.left?.frame?.product == pair.right?.frame?.product)
        #expect(pair.crossProduct == false)
      }
    }
  }

  @Test func realSameProductPairsStayLikeWithLike() throws {
    // Real: a raw Bayer Hazcam pair of FHAZ02008 (sol 477) and the sol-53 Navcam names (a debayered left and a raw
    // right, from two Photos-API copies).
    let hazcams = [
      "FLE_0477_0709296768_777ECM_N0261004FHAZ02008_01_0LLJ01.png",
      "FRE_0477_0709296768_777ECM_N0261004FHAZ02008_01_0LLJ01.png",
    ]
    let pair = try #require(StereoPairing.pairs(hazcams.map { RealFrames.photo($0, sol: 477) }).first)
    #expect(pair.isPaired && pair.crossProduct == false)
    let navcams = [
      "NLF_0053_0671642384_862EBY_N0032046NCAM00408_00_0LLJ01_1200.jpg",
      "NRE_0053_0671642384_862ECM_N0032046NCAM00408_00_0LLJ01_1200.jpg",
    ]
    let mixed = try #require(StereoPairing.pairs(navcams.map { RealFrames.photo($0, sol: 53) }).first)
    #expect(mixed.isPaired && mixed.crossProduct == true)
  }

  @Test func aRealExposureKeptAsFourProductsPairsLikeWithLike() throws {
    // Real: one Navcam exposure of Perseverance sol 53 (NCAM00408, clock 0671642384.862) as a Photos-API copy listed
    // it: both eyes, each as raw Bayer ECM (E) and debayered EBY (F), in the source's order NLF, NLE, NRE, NRF.
    // Before like-product pairing, equal candidates went by listing position, so NLF paired with NRE and NLE with
    // NRF: both pairs mixed the products.
    let photos = try Self.page("frames/perseverance-sol53-navcam-photos")
    #expect(photos.map(\.id.description) == ["824485", "824488", "824489", "824490"])
    for listing in [photos, photos.reversed()] {
      let pairs = StereoPairing.pairs(Array(listing))
      let ids = Set(pairs.map { "\($0.left?.id.description ?? "-") \($0.right?.id.description ?? "-")" })
      #expect(ids == ["824485 824490", "824488 824489"])
      #expect(pairs.allSatisfy { $0.crossProduct == false && $0.left?.frame?.product == $0.right?.frame?.product })
    }
  }

  @Test func theJSONSaysCrossProduct() throws {
    let photos = [
      RealFrames.photo("NLF_0060_0672265209_237EBY_N0032046NCAM00410_00_0LLJ", sol: 60),
      RealFrames.photo("NRE_0060_0672265209_237ECM_N0032046NCAM00410_00_0LLJ", sol: 60),
      RealFrames.photo("FLE_0477_0709296768_777ECM_N0261004FHAZ02008_01_0LLJ01.png", sol: 477),
    ]
    let pairs = StereoPairing.pairs(photos)
    let objects = try #require(
      JSONSerialization.jsonObject(with: JSONEncoder().encode(pairs)) as? [[String: Any]])
    #expect(objects.count == 2)
    #expect(objects[0]["cross_product"] as? Bool == true)
    #expect(objects[1].keys.contains("cross_product") && objects[1]["cross_product"] is NSNull)
    let back = try JSONDecoder().decode([StereoPair].self, from: JSONEncoder().encode(pairs))
    #expect(back.map(\.crossProduct) == pairs.map(\.crossProduct))
  }

  /// Whether `pairs` joined two products where a frame of the other eye with the left's own product (or the right's)
  /// was in the listing with the same pair key.
  static func joinsProductsNeedlessly(_ pairs: [StereoPair], listing: [Photo]) -> Bool {
    pairs.contains { pair in
      guard pair.crossProduct == true, let left = pair.left?.frame, let right = pair.right?.frame else { return false }
      return listing.contains { photo in
        guard let frame = photo.frame, frame.pairKey == left.pairKey else { return false }
        return (frame.eye == .right && frame.product == left.product)
          || (frame.eye == .left && frame.product == right.product)
      }
    }
  }

  /// Every real listing the repository holds (the 22 feed records, whose sol-1110 tiles are the records of
  /// `../shared/real-data/positions-and-tiles/`; Curiosity sol 1000 Mastcam; Spirit sol 1; Perseverance sol 53's
  /// exposure kept as four products): no pair joins two products when a like-for-like partner is listed, and every
  /// photo is listed once.
  @Test func noRealListingJoinsTwoProductsWhenLikeForLikeExists() async throws {
    let perseverance = try await RealFrames.perseverance()
    let listings = [
      perseverance, try Self.mastcamSol1000(), try Self.page("frames/spirit-sol1-photos"),
      try Self.page("original-photo-unknown-keys"), try Self.page("frames/perseverance-sol53-navcam-photos"),
    ]
    for listing in listings {
      let pairs = Dictionary(grouping: listing, by: \.sol).values.flatMap { StereoPairing.pairs($0) }
      #expect(!Self.joinsProductsNeedlessly(pairs, listing: listing))
      #expect(pairs.flatMap { [$0.left, $0.right].compactMap { $0 } }.count == listing.count)
    }
    // The real sol-60 pair is the one pair of two products among the records, and its other products are not listed.
    let crossed = StereoPairing.pairs(perseverance).filter { $0.crossProduct == true }
    #expect(crossed.map { $0.left?.sol } == [60])
  }

  @Test func spiritSol1GroupsIntoItsSequences() throws {
    let sequences = SequenceGrouping.sequences(try Self.page("frames/spirit-sol1-photos"))
    #expect(Set(sequences.map(\.sequence)) == ["P1001", "P1002", "P1500"])
    #expect(sequences.allSatisfy { $0.count == 2 && $0.eyes.sorted() == ["left", "right"] })
  }
}
