extension MockRawDataset {
  /// InSight (latest_sol 1144, as in mru's README of 2022-02-14), dated by the clock of 7.5.
  ///
  /// Sol 14 has 102 items alternating `idc` and `icc`, the 6th and 7th thumbnails (so 100 full: one page of the
  /// client's 100, then a page with thumbnails only). Sol 190 has the captured ICC record of 7.4 (id 11378,
  /// 2019-06-10T03:21:57.044Z), two IDC full frames and an IDC thumbnail at 09:00 LMST (still 2019-06-09 in UTC);
  /// sol 191 two ICC frames at 08:00 LMST (2019-06-10) and one at 15:00 (2019-06-11); sol 192 none; sol 1144 one.
  static let standardInSight: [Int: [MockRawImage]] = [
    14: insightSol14(), 190: insightSol190(), 191: insightSol191(),
    1144: [insight(id: 16_000, sol: 1144, instrument: "idc", thumbnail: false, lmst: 43_200)],
  ]

  private static func insightSol14() -> [MockRawImage] {
    (0..<102).map { (index: Int) -> MockRawImage in
      insight(
        id: 2_000 + index, sol: 14, instrument: index % 2 == 0 ? "idc" : "icc", thumbnail: index == 5 || index == 6,
        lmst: 36_000 + 20 * Double(index))
    }
  }

  private static func insightSol190() -> [MockRawImage] {
    let captured = MockRawImage(
      id: "C000M0190_613408865EDR_F0000_0461M_", itemID: 11_378, mission: .insight, sol: 190, instrument: "icc",
      sampleType: "full", dateTakenUTC: "2019-06-10T03:21:57.044Z", title: "Sol 190: Instrument Context Camera (ICC)",
      localTime: "16:22:28.916")
    let morning = (0..<3).map { (index: Int) -> MockRawImage in
      insight(id: 11_370 + index, sol: 190, instrument: "idc", thumbnail: index == 2, lmst: 32_400 + 30 * Double(index))
    }
    return [captured] + morning
  }

  private static func insightSol191() -> [MockRawImage] {
    let times: [Double] = [28_800, 28_860, 54_000]
    return times.enumerated().map { (offset: Int, lmst: Double) -> MockRawImage in
      insight(id: 11_400 + offset, sol: 191, instrument: "icc", thumbnail: false, lmst: lmst)
    }
  }

  /// Shaped like 7.4's record: `C…` ids for ICC, `D…` for IDC, the sol and spacecraft clock inside.
  private static func insight(id: Int, sol: Int, instrument: String, thumbnail: Bool, lmst: Double) -> MockRawImage {
    let instant = MockRawClock.instant(solZero: MockRawClock.insightSolZero, sol: sol, lmst: lmst)
    let clock = Int(instant) - 946_728_052
    let letter = instrument == "icc" ? "C" : "D"
    let camera = instrument == "icc" ? "Instrument Context Camera (ICC)" : "Instrument Deployment Camera (IDC)"
    return MockRawImage(
      id: letter + String(format: "00%dM%04d_%09dEDR_F0000_%04dM_", thumbnail ? 1 : 0, sol, clock, id % 10_000),
      itemID: id, mission: .insight, sol: sol, instrument: instrument, sampleType: thumbnail ? "thumbnail" : "full",
      dateTakenUTC: MockRawClock.timestamp(instant, zone: "Z"), title: "Sol \(sol): \(camera)",
      localTime: MockRawClock.localTime(lmst))
  }
}
