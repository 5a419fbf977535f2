extension MockRawDataset {
  /// The data set most raw-feed tests use; its numbers are chosen for edge cases, not realism.
  ///
  /// Perseverance (latest_sol 103, 167 images):
  /// - sol 100: 150 images, instruments cycling NAVCAM_LEFT, NAVCAM_RIGHT, MCZ_LEFT, FRONT_HAZCAM_LEFT_A; every
  ///   third (index 2, 5, 8…) a `Thumbnail`, the other 100 `Full`. The first is the reference's record
  ///   (`NLF_0100_0675828717_276ECM_N0040218NCAM00503_01_295J`, 2021-06-01T14:14:37.984). The first 140 run every
  ///   220 s until 22:44 UTC; the last 10 are stamped after midnight UTC, 2021-06-02T00:05 onwards, so capture
  ///   dates straddle two days while the sol formula (api-reference 1.6) gives 2021-05-31. (The real sol 100 ended
  ///   at about 23:03 UTC, so the `date_taken_mars` of those 10 reads `Sol-00101M…`: the mock keeps its clocks
  ///   consistent rather than pretend.)
  /// - sol 101: 12 `Full` images, same instrument cycle.
  /// - sol 102: none, so the Perseverance feed answers with fallback images from other sols.
  /// - sol 103: 5 `Full` HELI_NAV images (Ingenuity), served only with `category=mars2020,ingenuity`; without it
  ///   sol 103 is empty too, although it is the latest sol.
  ///
  /// Curiosity (latest_sol 4605, 244 items):
  /// - sol 4600: 240 items from 120 frames, instruments cycling NAV_LEFT_B, FHAZ_LEFT_B, MAST_LEFT, CHEMCAM_RMI,
  ///   MAHLI; each frame gives a product (`full`, or `subframe` for frames 5, 21, 37… : 8 in all) followed by its
  ///   `thumbnail` (120, exactly half). Ids 1,499,012 onwards.
  /// - sol 4601: 3 `full` (NAV_LEFT_B, MAST_LEFT, FHAZ_LEFT_B); sol 4605: 1 `full` NAV_LEFT_B. Sols 4602–4604 are
  ///   empty (this feed has no fallback).
  public static let standard = MockRawDataset(
    imagesByRover: [
      perseverance: [
        100: (0..<150).map(perseveranceSol100Image),
        101: (0..<12).map { index in
          let instrument = perseveranceCycle[index % perseveranceCycle.count]
          let utc = MockRawClock.perseverance.utc(sol: 101, lmst: 36_000_000 + index * 1_200_000 + index * 613)
          return perseveranceImage(sol: 101, index: index, instrument: instrument, thumbnail: false, utc: utc)
        },
        103: (0..<5).map { index in
          let utc = MockRawClock.perseverance.utc(sol: 103, lmst: 45_180_000 + index * 25_000 + index * 271)
          return perseveranceImage(sol: 103, index: index, instrument: "HELI_NAV", thumbnail: false, utc: utc)
        },
      ],
      curiosity: [
        4600: (0..<120).flatMap { frame -> [MockRawImage] in
          let instrument = curiosityCycle[frame % curiosityCycle.count]
          let lmst = 32_400_000 + frame * 240_000 + frame * 7_919 % 60_000
          let product = frame % 16 == 5 ? "subframe" : "full"
          return [product, "thumbnail"].enumerated().map { offset, sampleType in
            curiosityImage(
              id: 1_499_012 + frame * 2 + offset, sol: 4600, frame: frame, instrument: instrument,
              sampleType: sampleType, lmst: lmst)
          }
        },
        4601: ["NAV_LEFT_B", "MAST_LEFT", "FHAZ_LEFT_B"].enumerated().map { index, instrument in
          curiosityImage(
            id: 1_499_406 + index, sol: 4601, frame: index, instrument: instrument, sampleType: "full",
            lmst: 39_600_000 + index * 420_000)
        },
        4605: [
          curiosityImage(
            id: 1_500_571, sol: 4605, frame: 0, instrument: "NAV_LEFT_B", sampleType: "full", lmst: 47_400_000)
        ],
      ],
    ])

  static let perseveranceCycle = ["NAVCAM_LEFT", "NAVCAM_RIGHT", "MCZ_LEFT", "FRONT_HAZCAM_LEFT_A"]
  static let curiosityCycle = ["NAV_LEFT_B", "FHAZ_LEFT_B", "MAST_LEFT", "CHEMCAM_RMI", "MAHLI"]

  /// Where Perseverance stood on a sol: site 4 and drive 218 on sol 100, as in the reference's record.
  static func perseveranceSiteDrive(sol: Int) -> (site: Int, drive: Int) {
    (max(1, sol / 25), ((sol * 24 - 2_182) % 10_000 + 10_000) % 10_000)
  }

  /// Where Curiosity stood on a sol (site 117 around sol 4600).
  static func curiositySiteDrive(sol: Int) -> (site: Int, drive: Int) {
    (100 + sol / 270, (sol * 52 % 3_000 + 3_000) % 3_000)
  }

  private static func perseveranceSol100Image(index: Int) -> MockRawImage {
    let jitter = index * 337 % 1000
    let utc: Int
    if index < 140 {
      utc = MockRawClock.perseverance.anchorUTC + index * 220_000 + jitter
    } else {
      // 2021-06-02T00:05:00 UTC.
      utc = 1_622_592_300_000 + (index - 140) * 180_000 + jitter
    }
    let instrument = perseveranceCycle[index % perseveranceCycle.count]
    return perseveranceImage(sol: 100, index: index, instrument: instrument, thumbnail: index % 3 == 2, utc: utc)
  }

  /// `NLF_0100_0675828717_276ECM_N0040218NCAM00503_01_295J`: camera and product letters, sol, clock seconds, a
  /// three-digit field, site and drive, camera code and sequence, suffix.
  private static func perseveranceImage(
    sol: Int, index: Int, instrument: String, thumbnail: Bool, utc: Int
  ) -> MockRawImage {
    let (prefix, middle, code, firstSequence, suffix): (String, String, String, Int, String)
    switch instrument {
    case "NAVCAM_LEFT", "NAVCAM_RIGHT":
      let side = instrument == "NAVCAM_LEFT" ? "L" : "R"
      (prefix, middle, code, firstSequence, suffix) = (
        "N\(side)\(thumbnail ? "T" : "F")", "ECM", "NCAM", 503, "_01_295J"
      )
    case "MCZ_LEFT", "MCZ_RIGHT":
      let side = instrument == "MCZ_LEFT" ? "L" : "R"
      (prefix, middle, code, firstSequence, suffix) = (
        "Z\(side)\(thumbnail ? "T" : "0")", "EBY", "ZCAM", 8_111, "_1100LMJ"
      )
    case "FRONT_HAZCAM_LEFT_A", "FRONT_HAZCAM_RIGHT_A":
      let side = instrument == "FRONT_HAZCAM_LEFT_A" ? "L" : "R"
      (prefix, middle, code, firstSequence, suffix) = (
        "F\(side)\(thumbnail ? "T" : "F")", "ECM", "FHAZ", 200, "_01_295J"
      )
    default:
      (prefix, middle, code, firstSequence, suffix) = ("HNM", "ECM", "HELI", 1, "_0000LUJ")
    }
    let clock = MockRawClock.perseverance.sclk(utc: utc) / 1000
    let (site, drive) = perseveranceSiteDrive(sol: sol)
    let id =
      "\(prefix)_\(MockRawClock.padded(sol, 4))_\(MockRawClock.padded(clock, 10))_"
      + "\(MockRawClock.padded((276 + index * 97) % 1000, 3))\(middle)_N\(MockRawClock.padded(site, 3))"
      + "\(MockRawClock.padded(drive, 4))\(code)\(MockRawClock.padded(firstSequence + index, 5))\(suffix)"
    let vehicle = instrument.hasPrefix("HELI_") ? "Mars Helicopter" : "Mars Perseverance"
    return MockRawImage(
      id: id, sol: sol, instrument: instrument, sampleType: thumbnail ? "Thumbnail" : "Full",
      dateTakenUTC: MockRawClock.isoText(utc),
      title: "\(vehicle) Sol \(sol): \(MockRawInstrument.named(instrument).displayName)")
  }

  /// Engineering cameras `NLB_813049077EDR_F1190000NCAM00354M_`, ChemCam `CR0_813038955PRC_F1190000CCAM01234M1`,
  /// MSSS cameras `4681ML1331200041500730C00_DXXX` (thumbnails `…I01_DXXX`). Product letter F, S or T.
  private static func curiosityImage(
    id: Int, sol: Int, frame: Int, instrument: String, sampleType: String, lmst: Int
  ) -> MockRawImage {
    let clock = MockRawClock.curiosity
    let utc = clock.utc(sol: sol, lmst: lmst) / 1000 * 1000
    let seconds = clock.sclk(utc: utc) / 1000
    let letter = sampleType == "thumbnail" ? "T" : sampleType == "subframe" ? "S" : "F"
    let place = MockRawClock.padded(curiositySiteDrive(sol: sol).site, 3) + "0000"
    let sequence = 100 + frame
    let imageID: String
    switch instrument {
    case "NAV_LEFT_B":
      imageID = "NLB_\(seconds)EDR_\(letter)\(place)NCAM00\(MockRawClock.padded(sequence, 3))M_"
    case "FHAZ_LEFT_B":
      imageID = "FLB_\(seconds)EDR_\(letter)\(place)FHAZ00\(MockRawClock.padded(sequence, 3))M_"
    case "CHEMCAM_RMI":
      imageID = "CR0_\(seconds)PRC_\(letter)\(place)CCAM0\(MockRawClock.padded(sequence, 4))M1"
    case "MAST_LEFT", "MAHLI":
      let code = instrument == "MAHLI" ? "MH" : "ML"
      imageID =
        "\(MockRawClock.padded(sol, 4))\(code)\(MockRawClock.padded(sequence, 7))\(MockRawClock.padded(seconds % 1_000_000_000, 9))"
        + (letter == "T" ? "I01_DXXX" : "C00_DXXX")
    default:
      imageID = "\(instrument)_\(seconds)_\(letter)\(sequence)"
    }
    return MockRawImage(
      id: imageID, curiosityID: id, sol: sol, instrument: instrument, sampleType: sampleType,
      dateTakenUTC: MockRawClock.isoText(utc, zulu: true),
      title: "Sol \(sol): \(MockRawInstrument.named(instrument).displayName)")
  }
}
