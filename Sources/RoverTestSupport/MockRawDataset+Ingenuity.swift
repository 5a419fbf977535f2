extension MockRawDataset {
  /// Ingenuity on Perseverance's sols (latest_sol 1069, its last, 2024-02-22), dated by the clock of 7.5.
  ///
  /// Sol 58 (first flight, 2021-04-19 ~07:34Z) has 105 HELI_NAV frames, the 8th and 58th `Thumbnail` (so 103
  /// `Full`: two pages of the client's 100). Sols 59 and 60 have none (the feed answers with its fallback). Sol 61
  /// has three HELI_RTE `Full` frames and one `Thumbnail` at midday (2021-04-22) and a HELI_NAV frame at 00:30 LMST
  /// (still 2021-04-21 in UTC); sol 62 two HELI_NAV frames at 01:00 LMST (2021-04-22 ~22:20Z). Sol 1069 has two.
  static let standardIngenuity: [Int: [MockRawImage]] = [
    58: ingenuityFrames(sol: 58, count: 105, instrument: "HELI_NAV", from: 45_180, every: 1) { $0 % 50 == 7 },
    61: ingenuityFrames(sol: 61, count: 4, instrument: "HELI_RTE", from: 45_000, every: 60) { $0 == 3 }
      + [ingenuity(sol: 61, index: 4, instrument: "HELI_NAV", thumbnail: false, lmst: 1_800)],
    62: ingenuityFrames(sol: 62, count: 2, instrument: "HELI_NAV", from: 3_600, every: 60) { _ in false },
    1069: ingenuityFrames(sol: 1069, count: 2, instrument: "HELI_NAV", from: 39_600, every: 60) { _ in false },
  ]

  /// `count` frames `every` seconds from `from` seconds LMST; `thumbnail` picks which are `Thumbnail`s by index.
  private static func ingenuityFrames(
    sol: Int, count: Int, instrument: String, from start: Double, every step: Double, thumbnail: (Int) -> Bool
  ) -> [MockRawImage] {
    (0..<count).map { (index: Int) -> MockRawImage in
      ingenuity(
        sol: sol, index: index, instrument: instrument, thumbnail: thumbnail(index), lmst: start + step * Double(index))
    }
  }

  /// Shaped like 7.3's record: `HNM_` for HELI_NAV and `HSF_` for HELI_RTE, Perseverance's id layout.
  private static func ingenuity(sol: Int, index: Int, instrument: String, thumbnail: Bool, lmst: Double)
    -> MockRawImage
  {
    let instant = MockRawClock.instant(solZero: MockRawClock.perseveranceSolZero, sol: sol, lmst: lmst)
    let clock = Int(instant) - 946_728_160
    let prefix = instrument == "HELI_RTE" ? "HSF" : "HNM"
    let id =
      prefix + String(format: "_%04d_%010d_%03dECM_", sol, clock, index) + (thumbnail ? "T" : "N")
      + String(format: "0000000HELI0%04d_0000LUJ", index)
    let camera = instrument == "HELI_RTE" ? "Color Camera" : "Navigation Camera"
    return MockRawImage(
      id: id, mission: .ingenuity, sol: sol, instrument: instrument, sampleType: thumbnail ? "Thumbnail" : "Full",
      dateTakenUTC: MockRawClock.timestamp(instant, zone: ""), title: "Mars Helicopter Sol \(sol): \(camera)")
  }
}
