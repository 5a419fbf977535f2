import Testing

@testable import RoverCore

/// The byte path of `FrameName.stem(of:)` must answer as the `Character` path does on every ASCII text: every real
/// name and URL of the fixtures, and constructed texts that take each branch (spaces, query and fragment, two
/// extensions, an unknown one, MER gallery suffixes, renditions, characters no name holds).
@Suite struct FrameNameStemTests {
  static let constructed = [
    "", " ", "/", ".", "..jpg", "a.b.c.jpg", "name.txt", "NAME.JPG", "name.png.jpg", "name.jpg.png.jpg",
    "  https://mars.nasa.gov/a/b/NLB_500000000EDR_F0000000NCAM00000M1.JPG?x=1#y  ",
    "\t\r\nNLB_500000000EDR_F0000000NCAM00000M1.jpg\r\n", "a b.jpg", "a-b.jpg", "x/y/", "x?/y.jpg", "x#y/z.jpg",
    "2P215225981EFFAS00P2573L2M1-BR.JPG", "2p215225981effas00p2573l2m1-br.jpg", "2P215225981EFFAS00P2573L2M1-THM.jpg",
    "2P215225981EFFAS00P2573L2M1-BR-THM.jpg", "2P215225981EFFAS00P2573L2M1-XY.jpg",
    "ZR0_0100_0671383443_364ECM_N0040048ZCAM08110_1100LMJ01_320.jpg",
    "zr0_0100_0671383443_364ecm_n0040048zcam08110_1100lmj01_1200.png",
    "ZR0_0100_0671383443_364ECM_N0040048ZCAM08110_1100LMJ01_800",
    "ZR0_0100_0671383443_364ECM_N0040048ZCAM08110_1100LMJ_320",
    "0001ML0000001000I1_DXXX.jpg", "0001ML0000001000I1_DXXX.IMG", "file:///tmp/x.jpeg", "x.JpEg", "\u{7F}x.jpg",
  ]

  static var texts: [String] {
    let records = FrameNameFixtures.records.flatMap { [$0.imageid] + $0.imageFiles.all }
    return constructed + records + FrameNameFixtures.names.map(\.text) + AwkwardPhotos.all.map(\.imageSource)
  }

  @Test func bytesAndCharactersGiveTheSameStem() {
    #expect(Self.texts.count > Self.constructed.count + 22)
    for text in Self.texts where text.utf8.allSatisfy({ $0 < 0x80 }) {
      let bytes = FrameName.asciiStem(of: text)
      let characters = FrameName.unicodeStem(of: text)
      #expect(bytes?.stem == characters?.stem, "\(text)")
      #expect(bytes?.merSuffix == characters?.merSuffix, "\(text)")
      #expect((bytes == nil) == (characters == nil), "\(text)")
    }
  }

  @Test func textBeyondASCIITakesTheCharacterPath() {
    let text = "\u{3000}NLB_500000000EDR_F0000000NCAM00000M1.JPG\u{A0}"
    #expect(FrameName.stem(of: text)?.stem == "NLB_500000000EDR_F0000000NCAM00000M1")
  }
}
