extension MockRawDataset {
  /// The data set most raw-feed tests use; its numbers are chosen for edge cases, not realism.
  ///
  /// Perseverance (latest_sol 103): sol 100 has 150 images cycling NAVCAM_LEFT, NAVCAM_RIGHT, MCZ_LEFT,
  /// FRONT_HAZCAM_LEFT_A, every third a `Thumbnail` (so 100 `Full`: two pages of the client's 100); sol 101 has 12
  /// `Full`; sol 102 none, so the feed answers with its fallback; sol 103 has 2 `Full` MCZ_RIGHT images.
  ///
  /// Curiosity (latest_sol 4605): sol 4600 has 120 frames cycling NAV_LEFT_B, FHAZ_LEFT_B, MAST_LEFT, CHEMCAM_RMI,
  /// MAHLI, each a product (`full`, or `subframe` for every sixteenth) then its `thumbnail`; sol 4601 has 3 `full`;
  /// sol 4605 one `full`; sols 4602–4604 none (this feed has no fallback).
  ///
  /// Ingenuity: `standardIngenuity`; InSight: `standardInSight`.
  public static let standard = MockRawDataset(
    imagesByRover: [
      perseverance: [
        100: (0..<150).map { perseverance(sol: 100, index: $0, instrument: cycle($0), thumbnail: $0 % 3 == 2) },
        101: (0..<12).map { perseverance(sol: 101, index: $0, instrument: cycle($0), thumbnail: false) },
        103: (0..<2).map { perseverance(sol: 103, index: $0, instrument: "MCZ_RIGHT", thumbnail: false) },
      ],
      curiosity: [
        4600: (0..<120).flatMap { frame in
          let instrument = ["NAV_LEFT_B", "FHAZ_LEFT_B", "MAST_LEFT", "CHEMCAM_RMI", "MAHLI"][frame % 5]
          return [frame % 16 == 5 ? "subframe" : "full", "thumbnail"].enumerated().map { offset, sampleType in
            curiosity(
              id: 1_499_012 + frame * 2 + offset, sol: 4600, index: frame, instrument: instrument,
              sampleType: sampleType)
          }
        },
        4601: ["NAV_LEFT_B", "MAST_LEFT", "FHAZ_LEFT_B"].enumerated().map {
          curiosity(id: 1_499_406 + $0, sol: 4601, index: $0, instrument: $1, sampleType: "full")
        },
        4605: [curiosity(id: 1_500_571, sol: 4605, index: 0, instrument: "NAV_LEFT_B", sampleType: "full")],
      ],
      ingenuity: standardIngenuity,
      insight: standardInSight,
    ])

  private static func cycle(_ index: Int) -> String {
    ["NAVCAM_LEFT", "NAVCAM_RIGHT", "MCZ_LEFT", "FRONT_HAZCAM_LEFT_A"][index % 4]
  }

  /// Taken on the sol's earth date (api-reference 1.6) at `index` minutes past 10:00.
  private static func takenAt(landing: String, sol: Int, index: Int) -> String {
    let date = MockDataset.earthDate(landingDate: landing, sol: sol) ?? "2000-01-01"
    return date + String(format: "T%02d:%02d:00.000", 10 + index / 60, index % 60)
  }

  private static func perseverance(sol: Int, index: Int, instrument: String, thumbnail: Bool) -> MockRawImage {
    let code = instrument.prefix(3).uppercased()
    return MockRawImage(
      id: "\(code)_\(sol)_\(675_828_717 + index * 220)_\(thumbnail ? "T" : "F")_N\(index)", mission: .mars2020,
      sol: sol,
      instrument: instrument, sampleType: thumbnail ? "Thumbnail" : "Full",
      dateTakenUTC: takenAt(landing: "2021-02-18", sol: sol, index: index),
      title: "Mars Perseverance Sol \(sol): \(instrument)")
  }

  private static func curiosity(id: Int, sol: Int, index: Int, instrument: String, sampleType: String) -> MockRawImage {
    MockRawImage(
      id: "\(instrument)_\(sol)_\(index)_\(sampleType.prefix(1).uppercased())", itemID: id, mission: .msl, sol: sol,
      instrument: instrument, sampleType: sampleType,
      dateTakenUTC: takenAt(landing: "2012-08-06", sol: sol, index: index) + "Z", title: "Sol \(sol): \(instrument)")
  }
}
