import Foundation
import Testing

@testable import RoverCore

/// The name kinds real data added (api-reference 8.12): MER gallery suffixes and letter counters, Curiosity's
/// 23-character MSSS names of sols 0–1 and MSSS letter versions, and `ES` = `EDL_DDCAM`. Every name here is real and
/// listed in `Fixtures/frames/names.txt` with its source, unless marked "constructed".
@Suite("FrameName: gallery suffixes, early MSSS names, letter versions")
struct FrameNameGalleryNameTests {
  @Test("a Spirit -BR name from a Photos-API row decodes to its eye, sequence, site and drive")
  func spiritBrowseName() throws {
    // Photos-API row 287319: Spirit sol 1, FHAZ.
    let frame = try #require(
      FrameName("http://mars.nasa.gov/mer/gallery/all/2/f/001/2F126468064EDN0000P1001L0M1-BR.JPG"))
    #expect(frame.mission == .mer && frame.camera == "FRONT_HAZCAM" && frame.eye == .left)
    #expect(frame.sequence == "P1001" && frame.site == 0 && frame.drive == 0 && frame.sclk == 126_468_064)
    #expect(frame.stem == "2F126468064EDN0000P1001L0M1" && !frame.thumbnail && frame.version == 1)
  }

  @Test(
    "letter site and drive counters of real MER names decode",
    arguments: [
      ("2P215225981EFFAS00P2573L2M1-BR.JPG", 100 + 0 * 36 + 28, 0),  // AS: Spirit sol 1001
      ("2N215136972EDNAS00P1585L0M1-BR.JPG", 100 + 0 * 36 + 28, 0),  // AS: Spirit sol 1000
      ("2P322473707ESFB27MP2600L8M1-BR.JPG", 100 + 1 * 36 + 2, 1036 + 7 * 26 + 12),  // B2, 7M: Spirit sol 2208
      ("1P486570059EFFCNJDP2407R2M1-BR.JPG", 100 + 2 * 36 + 23, 100 + 9 * 36 + 13),  // CN, JD: Opportunity 4037
    ])
  func merLetterCounters(_ name: String, _ site: Int, _ drive: Int) throws {
    let frame = try #require(FrameName(name))
    #expect(frame.site == site && frame.drive == drive)
  }

  @Test("site counters grow with the clock across real Spirit names (A0 = 100 and on)")
  func merCountersFollowTheClock() throws {
    let names = [
      "2F126468064EDN0000P1001L0M1-BR.JPG", "2F151760895EFF8987P1110L0M1-BR.JPG", "2N215136972EDNAS00P1585L0M1-BR.JPG",
      "2P322473707ESFB27MP2600L8M1-BR.JPG",
    ]
    let frames = try names.map { try #require(FrameName($0)) }
    let sites = frames.compactMap(\.site)
    #expect(sites == sites.sorted() && sites.count == 4)
    #expect(frames.compactMap(\.sclk) == frames.compactMap(\.sclk).sorted())
  }

  @Test("-THM marks a MER thumbnail; the suffix is no part of the stem")
  func merThumbnailSuffix() throws {
    // Constructed: the real -BR name above with the gallery's thumbnail suffix (the Photos-API scraper's size
    // table maps Spirit's small size to -THM; no real -THM URL was found).
    let thumbnail = try #require(FrameName("2F126468064EDN0000P1001L0M1-THM.JPG"))
    let browse = try #require(FrameName("2F126468064EDN0000P1001L0M1-BR.JPG"))
    #expect(thumbnail.thumbnail && !browse.thumbnail)
    #expect(thumbnail.stem == browse.stem && thumbnail.frameKey == browse.frameKey)
    // A gallery suffix belongs to MER names only, and only right after the 27 characters.
    #expect(FrameName("FLB_530660118EDR_F0582394FHAZ00318M_-BR.JPG") == nil)
    #expect(FrameName("2F126468064EDN0000P1001L0M1-XX.JPG") == nil)
    #expect(FrameName("2F126468064EDN0000P1001L0M-BR.JPG") == nil)
  }

  @Test(
    "23-character MSSS names of sols 0–1 decode sol and instrument; the rest stays null",
    arguments: [
      ("0000MD9999001410E1_DXXX.jpg", 0, "MARDI", nil as FrameName.Eye?, "E", false),
      ("0000MD9999000506E1_DXXX.jpg", 0, "MARDI", nil, "E", false),
      ("0000MD9999000896I1_DXXX", 0, "MARDI", nil, "I", true),
      ("0001ML0000001000I1_DXXX", 1, "MAST_LEFT", .left, "I", true),
    ])
  func earlyMSSS(
    _ name: String, _ sol: Int, _ camera: String, _ eye: FrameName.Eye?, _ product: String, _ thumbnail: Bool
  ) throws {
    let frame = try #require(FrameName(name))
    #expect(frame.mission == .msl && frame.sol == sol && frame.camera == camera && frame.eye == eye)
    #expect(frame.product == product && frame.thumbnail == thumbnail && frame.version == 1)
    #expect(frame.sequence == nil && frame.sclk == nil && frame.site == nil && frame.drive == nil)
    #expect(frame.pairKey == nil && frame.stem.utf8.count == 23)
  }

  @Test("an MSSS version letter changes neither sol, eye, sequence nor the pair key")
  func msssLetterVersion() throws {
    // Photos-API rows 424909 (E0B) and 424910 (its left partner, E03), Curiosity sol 1000.
    let right = try #require(FrameName("1000MR0044631280503688E0B_DXXX.jpg"))
    let left = try #require(FrameName("1000ML0044631280305225E03_DXXX.jpg"))
    #expect(right.sol == 1000 && right.eye == .right && right.sequence == "004463" && right.product == "E")
    #expect(right.version == 11 && left.version == 3)
    #expect(right.pairKey == left.pairKey && right.pairKey != nil)
    // Constructed: the same name with a digit version instead of the letter is the same frame.
    #expect(FrameName("1000MR0044631280503688E01_DXXX")?.frameKey == right.frameKey)
  }

  @Test("Mastcam left and right of one pointing share sol, 9-digit product id and product letter")
  func mastcamPairKey() throws {
    let left = try #require(FrameName("1000ML0044631300305227E03_DXXX"))
    let right = try #require(FrameName("1000MR0044631300503690E01_DXXX"))
    #expect(left.pairKey == right.pairKey && left.pairKey != nil)
    // The neighbouring command (…129…) is another pointing.
    #expect(FrameName("1000MR0044631290503689E01_DXXX")?.pairKey != left.pairKey)
    // MAHLI has no eye, so no pair key.
    #expect(FrameName("3728MH0001730011303550C00_DXXX")?.pairKey == nil)
  }

  @Test("ES is EDL_DDCAM; EDL codes no record names stay codes")
  func edlCodes() throws {
    let es = try #require(FrameName("ESE_0600_0720202497_158ECM_N0300000EDLC00600_0010LUJ01.png"))
    #expect(es.camera == "EDL_DDCAM")
    let ea = try #require(FrameName("EAE_0519_0713034453_129ECM_N0261222EDLC00519_0010LUJ01.png"))
    #expect(ea.camera == "EA")
  }
}
