import Foundation
import RoverCore
import RoverTestSupport
import Testing

/// `rover decode`: the library's decoder through the binary, offline, streaming stdin, one stderr line a bad name.
@Suite struct DecodeCommandTests {
  /// The library tests' real names, paths and URLs (`names.txt`), read beside this file: this target has no resources.
  static let names: [String] = {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let url = tests.appendingPathComponent("RoverCoreTests/Fixtures/frames/names.txt")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ")
      guard !line.hasPrefix("#"), fields.count == 3 else { return nil }
      return String(fields[1])
    }
  }()

  static let keys = [
    "name", "mission", "camera", "eye", "color", "filter", "sol", "sclk", "product", "thumbnail", "site", "drive",
    "sequence", "tile", "downsample", "compression", "version",
  ]

  /// Each of FrameName's sixteen fields by its JSON key, as text, so a difference names the field.
  static let fields: [(key: String, value: @Sendable (FrameName) -> String)] = [
    ("mission", { $0.mission.rawValue }), ("camera", { $0.camera }), ("eye", { "\($0.eye as Any)" }),
    ("color", { "\($0.color as Any)" }), ("filter", { "\($0.filter as Any)" }), ("sol", { "\($0.sol as Any)" }),
    ("sclk", { "\($0.sclk as Any)" }), ("product", { $0.product }), ("thumbnail", { "\($0.thumbnail)" }),
    ("site", { "\($0.site as Any)" }), ("drive", { "\($0.drive as Any)" }), ("sequence", { "\($0.sequence as Any)" }),
    ("tile", { "\($0.tile as Any)" }), ("downsample", { "\($0.downsample as Any)" }),
    ("compression", { "\($0.compression as Any)" }), ("version", { "\($0.version as Any)" }),
  ]

  struct Named: Decodable {
    var name: String
  }

  static let mer = "1p128287181eff0000p2303l2m1.img"
  static let mastcamZ = "ZL0_0050_0671382043_081ECM_N0031950ZCAM08013_063085J01.png"
  static let mastcam = "3163MR1003400001403352E01_DXXX"

  @Test func realNamesDecodeAsTheLibraryDoesFieldByField() async throws {
    let names = Self.names
    try #require(names.count >= 50, "names.txt not found or short")
    let result = try await CLI.run(["decode"] + names + ["--format", "json"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.isEmpty)
    let decoded = try JSONDecoder().decode([FrameName].self, from: result.stdoutData)
    let given = try JSONDecoder().decode([Named].self, from: result.stdoutData)
    try #require(decoded.count == names.count && given.count == names.count)
    for (index, name) in names.enumerated() {
      let expected = try #require(FrameName(name), "the library decodes \(name)")
      #expect(given[index].name == name)
      for field in Self.fields {
        #expect(field.value(decoded[index]) == field.value(expected), "\(name): \(field.key)")
      }
      // Everything stored, so a field added to FrameName later cannot be missed here.
      var whole = decoded[index]
      whole.stem = expected.stem
      #expect(whole == expected, "\(name)")
    }
  }

  /// The library's JSON keys, plus a leading "name", in the documented order; nulls written, not left out.
  @Test func keysInOrderWithExplicitNulls() async throws {
    let frame = try #require(FrameName(Self.mer))
    let library = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(frame)) as? [String: Any])
    #expect(Set(library.keys) == Set(Self.keys.dropFirst()))
    let result = try await CLI.run(["decode", Self.mer, Self.mastcamZ, "--format", "jsonl"])
    #expect(result.exitCode == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    for line in lines {
      let keys = line.matches(of: /"([a-z_]+)":/).map { String($0.1) }
      #expect(keys == Self.keys, "\(line)")
    }
    #expect(lines.first?.contains(#""color":null,"#) == true)
    let pretty = try await CLI.run(["decode", Self.mer, "--json"])
    let prettyKeys = pretty.stdout.matches(of: /"([a-z_]+)" :/).map { String($0.1) }
    #expect(prettyKeys == Self.keys, "\(pretty)")
  }

  @Test func csvHeaderIsTheJSONKeysAndNullsAreEmpty() async throws {
    let result = try await CLI.run(["decode", Self.mer, Self.mastcam, "--format", "csv"])
    #expect(result.exitCode == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == Self.keys.joined(separator: ","))
    #expect(lines.count == 4 && lines.last == "")
    #expect(lines.dropFirst().first == "\(Self.mer),mer,PANCAM,left,,2,,128287181,eff,false,0,0,P2303,,,,1")
    #expect(lines.dropFirst(2).first == "\(Self.mastcam),msl,MAST_RIGHT,right,,,3163,,E,false,,,100340,,,,1")
  }

  @Test func tableWhenPipedIsTabSeparatedWithHeader() async throws {
    let result = try await CLI.run(["decode", Self.mer, Self.mastcamZ])
    #expect(result.exitCode == 0, "\(result)")
    let rows = result.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    // Upper case as every table's header (issue 37); the JSON and CSV keep the keys.
    let header = [
      "NAME", "MISSION", "CAMERA", "EYE", "COLOR", "FILTER", "SOL", "SCLK", "PRODUCT", "THUMB", "SITE", "DRIVE",
      "SEQUENCE", "TILE", "DS", "COMPR", "VER",
    ]
    #expect(rows.first?.map(String.init) == header)
    #expect(rows.count == 3 && rows.allSatisfy { $0.count == Self.keys.count })
    #expect(rows.dropFirst().first?[3] == "left" && rows.dropFirst().first?[4] == "-")
  }

  @Test func stdinMixPrintsGoodNamesAndOneLinePerBadNameThenExits65() async throws {
    let input = "\(Self.mastcamZ)\nnot-a-name.png\n\n   \n\(Self.mastcam)\r\nhello"
    let result = try await CLI.run(["decode", "-", "--format", "jsonl"], stdin: Data(input.utf8))
    #expect(result.exitCode == 65, "\(result)")
    let printed = try CLI.jsonLines(result.stdout).map { $0["name"] as? String }
    #expect(printed == [Self.mastcamZ, Self.mastcam])
    #expect(
      result.stderr.split(separator: "\n") == [
        "rover: decode: 'not-a-name.png': no NASA file-name grammar fits",
        "rover: decode: 'hello': no NASA file-name grammar fits",
      ])
  }

  @Test func oneBadNameIsOneLineAndExit65() async throws {
    let result = try await CLI.run(["decode", "IMG_1234.jpg"])
    #expect(result.exitCode == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "rover: decode: 'IMG_1234.jpg': no NASA file-name grammar fits\n")
  }

  @Test(arguments: ["argument", "stdin"])
  func escapeSequencesInABadNameAreShownNotObeyed(via: String) async throws {
    let hostile = "NLF\u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}gpj.png"
    let result =
      via == "stdin"
      ? try await CLI.run(["decode", "-"], stdin: Data((hostile + "\n").utf8))
      : try await CLI.run(["decode", hostile])
    #expect(result.exitCode == 65)
    #expect(
      result.stderr
        == "rover: decode: 'NLF\\x1B]0;owned\\x07\\x1B[2J\\u{202E}gpj.png': no NASA file-name grammar fits\n")
    #expect(!result.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" })
  }

  /// The query is not part of the name, so this decodes; its escape sequence, quote, backslash and tab must stay
  /// inert in every format: exact in JSON, shown in the table, and never splitting a row.
  @Test func controlCharactersInAGoodURLsQueryStayInert() async throws {
    let url = "https://mars.nasa.gov/\(Self.mastcamZ)?x=\u{1B}[31m&q=\"\\\t"
    let lines = try await CLI.run(["decode", url, "--format", "jsonl"])
    #expect(lines.exitCode == 0, "\(lines)")
    #expect(!lines.stdout.contains("\u{1B}"))
    #expect(try CLI.jsonLines(lines.stdout).first?["name"] as? String == url)
    let array = try await CLI.run(["decode", url, "--json"])
    #expect(try CLI.jsonArray(array.stdout).first?["name"] as? String == url)
    let table = try await CLI.run(["decode", url])
    #expect(!table.stdout.contains("\u{1B}") && table.stdout.contains("x=\\x1B[31m"), "\(table)")
    #expect(table.stdout.split(separator: "\n").map { $0.split(separator: "\t").count } == [17, 17])
  }

  @Test func emptyStdinPrintsNothingOrAnEmptyArray() async throws {
    let json = try await CLI.run(["decode", "-", "--format", "json"], stdin: Data())
    #expect(json.exitCode == 0 && json.stdout == "[]\n" && json.stderr.isEmpty, "\(json)")
    for format in ["table", "jsonl", "csv"] {
      let result = try await CLI.run(["decode", "-", "--format", format], stdin: Data("\n\n".utf8))
      #expect(result.exitCode == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(format): \(result)")
    }
  }

  /// No settings are read: an environment that stops every service command does not touch decode.
  @Test func worksOfflineWhateverTheSettingsSay() async throws {
    let broken = ["ROVER_SERVICE": "no-such-service", "ROVER_BASE_URL": "not a url"]
    let other = try await CLI.run(["rovers"], environment: broken)
    #expect(other.exitCode != 0)
    let result = try await CLI.run(["decode", Self.mer], environment: broken)
    #expect(result.exitCode == 0 && result.stderr.isEmpty, "\(result)")
  }

  @Test func manyNamesOnStdinStreamOneLineEach() async throws {
    let count = 60_000
    let input = String(repeating: Self.mastcamZ + "\n", count: count)
    let result = try await CLI.run(["decode", "-", "--format", "csv"], stdin: Data(input.utf8))
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(result.stdout.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } == count + 1)
  }

  @Test func helpHasExamplesAndUsage() async throws {
    let result = try await CLI.run(["decode", "--help"])
    #expect(result.exitCode == 0)
    #expect(result.stdout.contains("EXAMPLES:\n  rover decode"), "\(result.stdout)")
    #expect(result.stdout.contains("USAGE: rover decode [<options>] <name> ..."), "\(result.stdout)")
    #expect(result.stdout.contains("(values: table, json, jsonl, csv)"))
  }

  @Test(arguments: [["decode"], ["decode", "-", "1p128287181eff0000p2303l2m1.img"]])
  func missingOrMixedInputIsAUsageError(arguments: [String]) async throws {
    let result = try await CLI.run(arguments, stdin: Data())
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stdout.isEmpty && result.stderr.split(separator: "\n").count == 1)
  }
}
