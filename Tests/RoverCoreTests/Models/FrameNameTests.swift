import Foundation
import Testing

@testable import RoverCore

// Real names and records live in Fixtures/frames (sources in its README.md). Every string built in this file instead
// is marked "constructed" where it is made.

@Suite("FrameName: real Perseverance feed records")
struct FrameNamePerseveranceRecordTests {
  @Test("the fixture holds the real records")
  func fixtureLoads() {
    #expect(FrameNameFixtures.records.count >= 22)
  }

  @Test("every URL of a record decodes to the record's values", arguments: FrameNameFixtures.records)
  func recordMatchesItsName(_ record: FrameNameRecord) throws {
    for url in record.imageFiles.all {
      let frame = try #require(FrameName(url), "\(url)")
      #expect(frame.mission == .mars2020)
      #expect(frame.camera == record.camera.instrument)
      #expect(frame.eye == (record.camera.instrument.hasSuffix("LEFT") ? .left : .right))
      #expect(frame.sol == record.sol)
      #expect(frame.site == record.site)
      #expect(frame.drive == Int(record.drive))
      #expect(frame.downsample == Int(record.extended.scaleFactor))
      #expect(frame.product == record.slice(23..<26))
      #expect(frame.sequence == record.slice(35..<44))
      #expect(frame.sclk == Double("\(record.slice(9..<19)).\(record.slice(20..<23))"))
      #expect(frame.version == FrameNameFixtures.urlVersion(url))
      #expect(frame.frameKey == record.imageid)
      #expect(frame.thumbnail == false)
    }
  }

  @Test("the feed's 52-character imageid decodes without a version", arguments: FrameNameFixtures.records)
  func imageIDHasNoVersion(_ record: FrameNameRecord) throws {
    let frame = try #require(FrameName(record.imageid))
    #expect(frame.version == nil)
    #expect(frame.stem == record.imageid)
    #expect(frame.frameKey == FrameName(record.imageFiles.fullRes)?.frameKey)
  }

  @Test(
    "the name's clock is the command start: the shutter clock follows within seconds",
    arguments: FrameNameFixtures.records)
  func shutterFollowsNameClock(_ record: FrameNameRecord) throws {
    let frame = try #require(FrameName(record.imageid))
    let shutter = try #require(Double(record.extended.sclk))
    let lag = shutter - (frame.sclk ?? 0)
    // Real records show 0.2 s to 5.3 s (sol 670 tile 09), wider than the reference's "1-2 s".
    #expect(lag > 0 && lag < 10, "\(record.imageid): \(lag) s")
  }

  @Test("a real left/right pair whose color letter and product differ shares a pair key")
  func pairWithDifferentColorAndProduct() throws {
    let left = try FrameNameFixtures.record("NLF_0060_0672265209_237EBY_N0032046NCAM00410_00_0LLJ")
    let right = try FrameNameFixtures.record("NRE_0060_0672265209_237ECM_N0032046NCAM00410_00_0LLJ")
    let leftFrame = try #require(FrameName(left.imageFiles.fullRes))
    let rightFrame = try #require(FrameName(right.imageFiles.fullRes))
    #expect(leftFrame.color == "F" && rightFrame.color == "E")
    #expect(leftFrame.product == "EBY" && rightFrame.product == "ECM")
    #expect(leftFrame.eye == .left && rightFrame.eye == .right)
    #expect(leftFrame.pairKey != nil)
    #expect(leftFrame.pairKey == rightFrame.pairKey)
    // What the records say confirms the pairing: one LMST, one shutter clock, one subframe.
    #expect(left.dateTakenMars == right.dateTakenMars)
    #expect(left.extended.sclk == right.extended.sclk)
    #expect(left.extended.subframeRect == right.extended.subframeRect)
  }

  @Test("every record with a partner in the fixture finds it by pair key, and only it")
  func realPairsFindTheirPartner() throws {
    let frames = try FrameNameFixtures.records.map { try #require(FrameName($0.imageFiles.fullRes)) }
    let groups = Dictionary(grouping: frames.indices) { frames[$0].pairKey ?? "" }
    let pairs = groups.values.filter { $0.count == 2 }
    #expect(pairs.count == 6)
    for pair in pairs {
      let (a, b) = (FrameNameFixtures.records[pair[0]], FrameNameFixtures.records[pair[1]])
      #expect(frames[pair[0]].eye != frames[pair[1]].eye)
      let gap = abs((Double(a.extended.sclk) ?? 0) - (Double(b.extended.sclk) ?? 99))
      #expect(gap < 5, "\(a.imageid) / \(b.imageid)")
      #expect(a.extended.subframeRect == b.extended.subframeRect)
    }
    #expect(groups.values.allSatisfy { $0.count <= 2 })
  }

  @Test(
    "tiles of one exposure share the exposure key but not the frame key",
    arguments: [
      ("NLF_1110_0765465872_675ECM_N0512578NCAM13109_01_195J", "NLF_1110_0765465872_675ECM_N0512578NCAM13109_04_195J"),
      ("NRF_1110_0765465872_675ECM_N0512578NCAM13109_01_195J", "NRF_1110_0765465872_675ECM_N0512578NCAM13109_04_195J"),
      ("NLF_1400_0791224654_223ECM_N0660000NCAM00709_01_095J", "NLF_1400_0791224654_223ECM_N0660000NCAM00709_04_095J"),
      ("NLF_1490_0799222655_050ECM_N0730000NCAM00709_01_095J", "NLF_1490_0799222655_050ECM_N0730000NCAM00709_05_095J"),
    ])
  func tilesShareExposure(_ first: String, _ second: String) throws {
    let (a, b) = (try FrameNameFixtures.record(first), try FrameNameFixtures.record(second))
    let (tileA, tileB) = (try #require(FrameName(a.imageFiles.large)), try #require(FrameName(b.imageFiles.large)))
    #expect(tileA.exposureKey != nil)
    #expect(tileA.exposureKey == tileB.exposureKey)
    #expect(tileA.frameKey != tileB.frameKey)
    #expect(tileA.tile != tileB.tile)
    #expect(tileA.pairKey != tileB.pairKey)
    // The records: one shutter, two subframes.
    #expect(a.extended.sclk == b.extended.sclk)
    #expect(a.extended.subframeRect != b.extended.subframeRect)
  }

  @Test("versions of one frame share the frame key; the highest wins")
  func versionsShareFrameKey() throws {
    let record = try FrameNameFixtures.record("NLF_0205_0685144010_882EBY_N0071836NCAM01205_01_0LLJ")
    let published = try #require(FrameName(record.imageFiles.fullRes))  // real: version 02
    let feedID = try #require(FrameName(record.imageid))  // real: no version
    // Constructed: the same frame's version 01, which a version 02 replaced.
    let earlier = try #require(FrameName(record.imageid + "01"))
    #expect(published.version == 2 && feedID.version == nil && earlier.version == 1)
    #expect(Set([published.frameKey, feedID.frameKey, earlier.frameKey]).count == 1)
    #expect(published.stem != earlier.stem)
    let newest = [earlier, feedID, published].max { ($0.version ?? 0) < ($1.version ?? 0) }
    #expect(newest?.stem == published.stem)
  }
}

@Suite("FrameName: real names of every mission")
struct FrameNameRealNameTests {
  @Test("every line of names.txt decodes under its mission")
  func namesFileDecodes() throws {
    let lines = FrameNameFixtures.names
    #expect(lines.count >= 50)
    for (mission, text) in lines {
      let frame = try #require(FrameName(text), "\(text)")
      #expect(frame.mission.rawValue == mission, "\(text)")
      #expect(FrameName(frame.stem) == frame, "re-decoding \(frame.stem)")
      #expect(FrameName(frame.stem.lowercased()) == frame, "lower case \(frame.stem)")
    }
  }

  @Test("real names decode to what their sources say", arguments: FrameNameExpectation.all)
  func nameMatchesSource(_ expected: FrameNameExpectation) throws {
    let frame = try #require(FrameName(expected.text))
    #expect(frame.mission == expected.mission)
    #expect(frame.camera == expected.camera)
    #expect(frame.eye == expected.eye)
    #expect(frame.sol == expected.sol)
    #expect(frame.sclk == expected.sclk)
    #expect(frame.product == expected.product)
    #expect(frame.sequence == expected.sequence)
    #expect(frame.version == expected.version)
    #expect(frame.thumbnail == expected.thumbnail)
    if let site = expected.site { #expect(frame.site == site) }
    if let drive = expected.drive { #expect(frame.drive == drive) }
    if let filter = expected.filter { #expect(frame.filter == filter) }
    if let downsample = expected.downsample { #expect(frame.downsample == downsample) }
  }

  @Test("the real Curiosity item's URL decodes to the item's sol and instrument")
  func curiosityItem() throws {
    let items = try JSONDecoder().decode([FrameNameMSLItem].self, from: FrameNameFixtures.data("msl-items", "json"))
    #expect(!items.isEmpty)
    for item in items {
      let frame = try #require(FrameName(item.httpsURL))
      #expect(frame.stem == item.imageid)
      #expect(frame.mission == .msl && frame.sol == item.sol && frame.camera == item.instrument)
      // The item has no site, drive or clock (null), and the MSSS grammar carries none either.
      #expect(item.site == nil && frame.site == nil && item.drive == nil && frame.drive == nil)
      #expect(frame.thumbnail == item.isThumbnail)
    }
  }

  @Test("Curiosity engineering stereo pairs share a pair key; ChemCam and MER Pancam have none")
  func curiosityPairs() throws {
    let left = try #require(FrameName("FLB_530660118EDR_F0582394FHAZ00318M_.JPG"))
    let right = try #require(FrameName("FRB_530660118EDR_F0582394FHAZ00318M_.JPG"))
    #expect(left.pairKey != nil && left.pairKey == right.pairKey)
    #expect(left.eye == .left && right.eye == .right)
    #expect(FrameName("RLB_530660214EDR_F0582394RHAZ00313M_")?.pairKey != left.pairKey)
    #expect(FrameName("CR0_678286536EDR_F0891862CCAM02163M_")?.pairKey == nil)
    #expect(FrameName("1p128287181eff0000p2303l2m1.img")?.pairKey == nil)
  }

  @Test("a real Mastcam-Z left/right pair shares a pair key and has no tile")
  func mastcamPair() throws {
    let left = try #require(FrameName("ZL0_0050_0671382043_081ECM_N0031950ZCAM08013_063085J01.png"))
    let right = try #require(FrameName("ZR0_0050_0671382043_081ECM_N0031950ZCAM08013_063085J01.png"))
    #expect(left.pairKey == right.pairKey && left.pairKey != nil)
    #expect(left.filter == "0" && left.color == nil && left.tile == nil && left.exposureKey == nil)
  }
}

@Suite("FrameName: hostile and malformed names")
struct FrameNameHostileTests {
  /// Constructed: every string here is made up to break a rule; none is a real name.
  static let hostile: [String] = {
    let real = "NLF_0050_0671382174_448ECM_N0031950NCAM00500_01_295J"
    var cases = [
      "", " ", "\n", ".", "..", "../", "../../etc/passwd", "/", "https://mars.nasa.gov/", "?", "#",
      String(real.dropLast()),  // 51 characters
      real + "0",  // 53 characters
      real + "012",  // 55 characters
      real.replacingOccurrences(of: "NLF", with: "N1F"),  // digit where a letter belongs
      real.replacingOccurrences(of: "_0050_", with: "_00A0_"),  // letter where a digit belongs
      real.replacingOccurrences(of: "0050", with: "٠٠٥٠"),  // Arabic-Indic digits
      real.replacingOccurrences(of: "NLF", with: "ＮLF"),  // full-width letter
      real.replacingOccurrences(of: "NCAM", with: "NCÄM"),
      real.replacingOccurrences(of: "_448", with: "-448"),
      real.replacingOccurrences(of: "ECM_N", with: "ECM_X"),  // neither N(ormal) nor T(humbnail)
      real + ".exe", real + ".png.png.png", real + "\0", real + "🚀", "🚀" + real,
      "NLF_" + String(repeating: "9", count: 31),  // 10^31 - 1 where a sol belongs
      "NLF_" + String(repeating: "9", count: 48),  // 52 characters, all digits after the instrument
      String(repeating: "9", count: 27), String(repeating: "9", count: 30), String(repeating: "9", count: 36),
      real + "/..", real + "/",
      // Sirelon's synthetic Ingenuity id: a 3-digit sol makes it 51 characters.
      "HNM_852_0000000000_000ECM_N0000000HELI00000_0000A0J",
      // mars-raw-utils' deliberately invalid focal-length fields.
      "ZR0_0395_0702017827_081EBY_N0171064ZCAM08419_1G00LMJ01.png",
      "ZR0_0395_0702017827_081EBY_N0171064ZCAM08419_M340LMJ01.png",
      // Right lengths, wrong fields, one per grammar.
      "FLB_53066011XEDR_F0582394FHAZ00318M_", "3163XX1003450191204480C00_DXXX", "3P128287181EFF0000P2303L2M1",
      "1Q128287181EFF0000P2303L2M1", "1P128287181EFF0000P2303L2M1".replacingOccurrences(of: "2303", with: "23O3"),
      "1P128287181EFF0A00P2303L2M1".replacingOccurrences(of: "0A00", with: "0A0!"),
    ]
    cases.append(String(repeating: "0", count: 52))
    return cases
  }()

  @Test("hostile names give nil without trapping", arguments: FrameNameHostileTests.hostile)
  func rejects(_ text: String) {
    #expect(FrameName(text) == nil)
  }

  @Test("a megabyte of input is rejected without being scanned as a name")
  func megabyte() {
    // Constructed: a real name's prefix repeated to a megabyte, kept out of the arguments so logs stay short.
    #expect(FrameName(String(repeating: "NLF_", count: 250_000)) == nil)
    #expect(FrameName("https://mars.nasa.gov/" + String(repeating: "a/", count: 500_000)) == nil)
  }

  @Test("URLs, paths, queries, fragments, case and renditions all reach the same frame")
  func acceptedForms() throws {
    // Constructed spellings of the real sol-50 Navcam name.
    let name = "NLF_0050_0671382174_448ECM_N0031950NCAM00500_01_295J01"
    let reference = try #require(FrameName(name))
    let forms = [
      name + ".png", name + ".PNG", name + "_320.jpg", name + "_800.jpg", name + "_1200.jpg", name + ".IMG",
      "/data/sol/00050/" + name + ".png", "https://mars.nasa.gov/x/" + name + ".png?raw=1#top",
      "  " + name + "\n", name.lowercased() + ".png",
    ]
    for form in forms {
      #expect(FrameName(form) == reference, "\(form)")
    }
    #expect(FrameName(name + "_1600.jpg") == nil)
    #expect(FrameName(String(name.dropLast(2)) + "_320.jpg") == nil)
  }

  @Test(
    "letter-led motion counters decode past 99 and 999",
    arguments: [("00", 0), ("99", 99), ("A0", 100), ("AA", 110), ("ZZ", 1035), ("0A", 1036), ("9Z", 1295)])
  func merCounters(_ site: String, _ value: Int) throws {
    // Constructed from the real 1P128287181EFF0000P2303L2M1 with the site field replaced.
    let frame = try #require(FrameName("1P128287181EFF\(site)00P2303L2M1"))
    #expect(frame.site == value)
  }

  @Test("a three-character site past 999 decodes; a digit-led one with a letter does not")
  func perseveranceSiteCounter() {
    // Constructed from the real sol-50 name with the site field replaced.
    func site(_ field: String) -> FrameName? {
      FrameName("NLF_0050_0671382174_448ECM_N\(field)1950NCAM00500_01_295J")
    }
    #expect(site("999")?.site == 999)
    #expect(site("A00")?.site == 1000)
    #expect(site("A01")?.site == 1001)
    #expect(site("B00")?.site == 1000 + 1296)
    #expect(site("0A0") == nil)
  }
}

@Suite("FrameName: JSON")
struct FrameNameJSONTests {
  static let keys = [
    "mission", "camera", "eye", "color", "filter", "sol", "sclk", "product", "thumbnail", "site", "drive", "sequence",
    "tile", "downsample", "compression", "version",
  ]

  @Test("encodes exactly the sixteen keys, absent values as explicit null")
  func keysAndNulls() throws {
    let frame = try #require(FrameName("3163MR1003400001403352E01_DXXX"))
    let data = try JSONEncoder().encode(frame)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(Set(object.keys) == Set(Self.keys))
    for key in ["color", "filter", "sclk", "site", "drive", "tile", "downsample", "compression"] {
      #expect(object[key] is NSNull, "\(key)")
    }
    #expect(object["mission"] as? String == "msl")
    #expect(object["eye"] as? String == "right")
    #expect(object["sol"] as? Int == 3163)
  }

  @Test("writes the keys in the documented order")
  func keyOrder() throws {
    let frame = try #require(FrameName("NLF_0050_0671382174_448ECM_N0031950NCAM00500_01_295J01"))
    let recorder = FrameNameKeyRecorder()
    try frame.encode(to: recorder)
    #expect(recorder.log.keys == Self.keys)
  }

  @Test("reading the JSON back restores every decoded field", arguments: FrameNameFixtures.names.map { $0.text })
  func roundTrip(_ text: String) throws {
    let frame = try #require(FrameName(text))
    let back = try JSONDecoder().decode(FrameName.self, from: JSONEncoder().encode(frame))
    var expected = frame
    expected.stem = ""  // the JSON does not carry the stem
    #expect(back == expected)
  }
}

// MARK: - Fixtures and helpers (this file only)

/// One real Perseverance feed record, as much of it as the tests compare.
struct FrameNameRecord: Decodable, Sendable, CustomTestStringConvertible {
  struct Camera: Decodable, Sendable { let instrument: String }
  struct Extended: Decodable, Sendable {
    let sclk: String
    let scaleFactor: String
    let subframeRect: String
  }
  struct Files: Decodable, Sendable {
    let small, medium, large, fullRes: String
    var all: [String] { [small, medium, large, fullRes] }
    enum CodingKeys: String, CodingKey { case small, medium, large, fullRes = "full_res" }
  }

  let imageid: String
  let sol: Int
  let site: Int
  let drive: String
  let dateTakenMars: String
  let camera: Camera
  let extended: Extended
  let imageFiles: Files

  enum CodingKeys: String, CodingKey {
    case imageid, sol, site, drive, camera, extended
    case dateTakenMars = "date_taken_mars"
    case imageFiles = "image_files"
  }

  var testDescription: String { imageid }

  /// Characters `range` of the imageid, read without the decoder under test.
  func slice(_ range: Range<Int>) -> String {
    String(imageid.dropFirst(range.lowerBound).prefix(range.count))
  }
}

/// The real Curiosity raw-image item, as much of it as the test compares.
struct FrameNameMSLItem: Decodable {
  let imageid: String
  let sol: Int
  let instrument: String
  let httpsURL: String
  let site: Int?
  let drive: Int?
  let isThumbnail: Bool

  enum CodingKeys: String, CodingKey {
    case imageid, sol, instrument, site, drive
    case httpsURL = "https_url"
    case isThumbnail = "is_thumbnail"
  }
}

enum FrameNameFixtures {
  static func data(_ name: String, _ ext: String) throws -> Data {
    let url = try #require(
      Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Fixtures/frames"),
      "no fixture frames/\(name).\(ext)")
    return try Data(contentsOf: url)
  }

  /// The real records; empty if the fixture cannot be read, which `fixtureLoads` reports.
  static let records: [FrameNameRecord] = {
    let url = Bundle.module.url(forResource: "m2020-records", withExtension: "json", subdirectory: "Fixtures/frames")
    guard let url, let data = try? Data(contentsOf: url) else { return [] }
    return (try? JSONDecoder().decode([FrameNameRecord].self, from: data)) ?? []
  }()

  /// names.txt as (mission, text) pairs; empty if the fixture cannot be read, which `namesFileDecodes` reports.
  static let names: [(mission: String, text: String)] = {
    let url = Bundle.module.url(forResource: "names", withExtension: "txt", subdirectory: "Fixtures/frames")
    guard let url, let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ")
      guard !line.hasPrefix("#"), fields.count == 3 else { return nil }
      return (String(fields[0]), String(fields[1]))
    }
  }()

  static func record(_ imageid: String) throws -> FrameNameRecord {
    try #require(records.first { $0.imageid == imageid }, "no record \(imageid)")
  }

  /// The two version digits of a Mars 2020 image URL (`…J02.png`, `…J02_320.jpg`), read without the decoder.
  static func urlVersion(_ url: String) -> Int? {
    guard let file = url.split(separator: "/").last, file.count >= 54 else { return nil }
    return Int(file.dropFirst(52).prefix(2))
  }
}

/// What a real name's source says about it. Product, sequence, clock and version are read literally from the name's
/// characters; the other values come from the record, label or page named in `source`.
struct FrameNameExpectation: Sendable, CustomTestStringConvertible {
  var text: String
  var source: String
  var mission: FrameName.Grammar
  var camera: String
  var eye: FrameName.Eye?
  var sol: Int?
  var sclk: Double?
  var product: String
  var sequence: String?
  var version: Int?
  var thumbnail = false
  var site: Int?
  var drive: Int?
  var filter: String?
  var downsample: Int?

  var testDescription: String { "\(text) (\(source))" }

  static let all: [FrameNameExpectation] = perseverance + curiosity + mer

  static let perseverance: [FrameNameExpectation] = [
    // mars-raw-utils metadata: sol 731, site 36, drive 1610, scale_factor 2, NAVCAM_RIGHT.
    .init(
      text: "NRF_0731_0731848568_991ECM_N0361610NCAM12731_04_195J01.png", source: "mru-testdata",
      mission: .mars2020, camera: "NAVCAM_RIGHT", eye: .right, sol: 731, sclk: 731_848_568.991, product: "ECM",
      sequence: "NCAM12731", version: 1, site: 36, drive: 1610, downsample: 2),
    // mars-raw-utils metadata: sol 670, site 32, drive 604, scale_factor 1, NAVCAM_LEFT.
    .init(
      text: "NLF_0670_0726421423_362ECM_N0320604NCAM08111_01_095J01.png", source: "mru-testdata",
      mission: .mars2020, camera: "NAVCAM_LEFT", eye: .left, sol: 670, sclk: 726_421_423.362, product: "ECM",
      sequence: "NCAM08111", version: 1, site: 32, drive: 604, downsample: 1),
    // Mars Vista's stored record: sol 1484, site 73, drive "0", MCZ_LEFT, ZCAM_L6_442NM, scaleFactor "1".
    .init(
      text: "ZL6_1484_0798697293_098ECM_N0730000ZCAM01022_034080J", source: "marsvista-m2020",
      mission: .mars2020, camera: "MCZ_LEFT", eye: .left, sol: 1484, sclk: 798_697_293.098, product: "ECM",
      sequence: "ZCAM01022", site: 73, drive: 0, filter: "6", downsample: 1),
    // The Lakdawalla-era notes list it as a thumbnail ("M"); the name's T flag and downsample digit 4 agree.
    .init(
      text: "NRM_0002_0667130166_842ECM_T0010052AUT_04096_00_4I1J01", source: "naming-notes",
      mission: .mars2020, camera: "NAVCAM_RIGHT", eye: .right, sol: 2, sclk: 667_130_166.842, product: "ECM",
      sequence: "AUT_04096", version: 1, thumbnail: true, downsample: 16),
    // Photos API record 952932: sol 394, NAVCAM_LEFT.
    .init(
      text: "https://mars.nasa.gov/mars2020-raw-images/pub/ods/surface/sol/00394/ids/edr/browse/ncam/"
        + "NLF_0394_0701921329_862ECM_N0170000NCAM02394_07_185J01_1200.jpg", source: "spacetagram",
      mission: .mars2020, camera: "NAVCAM_LEFT", eye: .left, sol: 394, sclk: 701_921_329.862, product: "ECM",
      sequence: "NCAM02394", version: 1),
    // The page's caption: Ingenuity Navigation Camera, sol 940 (its 62nd flight).
    .init(
      text: "HNM_0940_0750380769_871ECM_N0620001HELI03793_0000A0J", source: "aliveuniverse",
      mission: .ingenuity, camera: "HELI_NAV", sol: 940, sclk: 750_380_769.871, product: "ECM",
      sequence: "HELI03793", site: 62, drive: 1),
    // Photos API record 810974: sol 0, EDL_DDCAM (the one EDL code a real record names).
    .init(
      text: "ESF_0000_0666965708_609ECM_N0010052EDLC00000_0000LUJ01_1200.jpg", source: "photo-journal",
      mission: .mars2020, camera: "EDL_DDCAM", sol: 0, sclk: 666_965_708.609, product: "ECM", sequence: "EDLC00000",
      version: 1),
  ]

  static let curiosity: [FrameNameExpectation] = [
    // Photos API record 593842: sol 1500, FHAZ (the left of a real pair with FRB_530660118…).
    .init(
      text: "FLB_530660118EDR_F0582394FHAZ00318M_.JPG", source: "learn-react", mission: .msl,
      camera: "FHAZ_LEFT_B", eye: .left, sclk: 530_660_118, product: "EDR", sequence: "FHAZ00318", site: 58,
      drive: 2394),
    // marsmap's copy of the item: sol 3000, site 85, drive 0, NAV_LEFT_B.
    .init(
      text: "NLB_663825389EDR_F0850000NCAM00312M_", source: "marsmap-test", mission: .msl, camera: "NAV_LEFT_B",
      eye: .left, sclk: 663_825_389, product: "EDR", sequence: "NCAM00312", site: 85, drive: 0),
    // A processed ChemCam RMI product: producer L, version 1.
    .init(
      text: "CR0_678286536PRC_F0891862CCAM02163L1.PNG", source: "mars-photos-app", mission: .msl,
      camera: "CHEMCAM_RMI", sclk: 678_286_536, product: "PRC", sequence: "CCAM02163", version: 1),
    // The raw-image item 14267: sol 1, MAST_RIGHT, not a thumbnail.
    .init(
      text: "0001MR0000000010100001C00_DXXX", source: "marsvista-msl", mission: .msl, camera: "MAST_RIGHT",
      eye: .right, sol: 1, product: "C", sequence: "000000", version: 0),
    // The PDS label: MAST_RIGHT, Sol-00017 LMST, IMAGE_TYPE = THUMBNAIL.
    .init(
      text: "0017MR0000500310100103I01_XXXX", source: "pds-mastcam-label", mission: .msl, camera: "MAST_RIGHT",
      eye: .right, sol: 17, product: "I", sequence: "000050", version: 1, thumbnail: true),
    .init(
      text: "https://mars.nasa.gov/msl-raw-images/msss/03163/mcam/3163MR1003400001403352E01_DXXX.jpg",
      source: "mars-photos-app", mission: .msl, camera: "MAST_RIGHT", eye: .right, sol: 3163, product: "E",
      sequence: "100340", version: 1),
  ]

  static let mer: [FrameNameExpectation] = [
    // edrindex.tab: PANCAM_LEFT, PANCAM_L2_753NM, SEQUENCE_ID p2303, SCLK start 128287181.621, on the lander.
    .init(
      text: "1p128287181eff0000p2303l2m1.img", source: "marsvista-mer", mission: .mer, camera: "PANCAM",
      eye: .left, sclk: 128_287_181, product: "eff", sequence: "P2303", version: 1, site: 0, drive: 0,
      filter: "2"),
    // edrindex.tab: PANCAM_LEFT, PANCAM_L5_535NM; EDN is a downsampled EDR, not a thumbnail.
    .init(
      text: "1p128287214edn0000p2303l5m1.img", source: "marsvista-mer", mission: .mer, camera: "PANCAM",
      eye: .left, sclk: 128_287_214, product: "edn", sequence: "P2303", version: 1, site: 0, drive: 0,
      filter: "5"),
    // The 2004 post: Spirit, left Pancam, 535 nm filter, site 0, position 0, sequence P2303, version 1.
    .init(
      text: "2P126471340EDN0000P2303L5M1.JPG", source: "mer-key-post", mission: .mer, camera: "PANCAM", eye: .left,
      sclk: 126_471_340, product: "edn", sequence: "P2303", version: 1, site: 0, drive: 0, filter: "5"),
  ]
}

/// A minimal `Encoder` that records the order in which keys are written; values are ignored.
final class FrameNameKeyRecorder: Encoder {
  final class Log { var keys: [String] = [] }

  let log = Log()
  var codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] = [:]

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(Container<Key>(log: log))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("FrameName encodes a keyed container") }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    fatalError("FrameName encodes a keyed container")
  }

  struct Container<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let log: Log
    var codingPath: [any CodingKey] = []

    mutating func encodeNil(forKey key: Key) throws { log.keys.append(key.stringValue) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { log.keys.append(key.stringValue) }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      KeyedEncodingContainer(Container<NestedKey>(log: log))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      fatalError("FrameName nests no containers")
    }

    mutating func superEncoder() -> any Encoder { FrameNameKeyRecorder() }

    mutating func superEncoder(forKey key: Key) -> any Encoder { FrameNameKeyRecorder() }
  }
}
