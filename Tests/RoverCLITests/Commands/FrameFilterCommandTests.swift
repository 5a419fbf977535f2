import Foundation
import RoverTestSupport
import Testing

/// `--lmst`, `--site`, `--drive` and `--sequence` through the built binary over a range of sols of real records:
/// exactly the frames the records say, with the wrap past midnight.
@Suite struct FrameFilterCommandTests {
  /// Sols 1010..1180 hold real records of sols 1020, 1110 and 1176: a morning the wrap past midnight reaches, and
  /// afternoons it does not; a range short enough to list quickly.
  static let sols = 1010...1180

  static func records() throws -> [[String: Any]] {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let data = try Data(contentsOf: tests.appendingPathComponent("RoverCoreTests/Fixtures/frames/m2020-records.json"))
    let all = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    return all.filter { sols.contains($0["sol"] as? Int ?? -1) }
  }

  /// The record's LMST in seconds after midnight.
  static func seconds(_ record: [String: Any]) -> Double {
    guard let mars = record["date_taken_mars"] as? String, let mark = mars.lastIndex(of: "M") else { return -1 }
    let parts = mars[mars.index(after: mark)...].split(separator: ":").compactMap { Double($0) }
    return parts.count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : -1
  }

  static func ids(_ arguments: [String]) async throws -> Set<String> {
    let feed = try PairsCommandTests.feed()
    defer { feed.stop() }
    let result = try await PairsCommandTests.run(
      ["photos", "perseverance", "--sol", "\(sols.lowerBound)..\(sols.upperBound)", "--format", "jsonl"] + arguments,
      feed)
    #expect(result.exitCode == 0, "\(result)")
    return Set(try CLI.jsonLines(result.stdout).compactMap { $0["id"] as? String })
  }

  static let windows: [(String, Double, Double)] = [
    ("09:00..12:00", 32_400, 43_200), ("22:00..09:00", 79_200, 32_400),
  ]

  @Test(arguments: windows)
  func aTimeWindowAcrossSolsKeepsWhatTheRecordsSay(window: String, start: Double, end: Double) async throws {
    let expected = Set(
      try Self.records().filter { record in
        let time = Self.seconds(record)
        return start <= end ? time >= start && time <= end : time >= start || time <= end
      }.compactMap { $0["imageid"] as? String })
    #expect(!expected.isEmpty)
    #expect(try await Self.ids(["--lmst", window]) == expected)
  }

  @Test func siteDriveAndSequenceKeepWhatTheRecordsSay() async throws {
    let records = try Self.records()
    let first = try #require(records.first { $0["sol"] as? Int == 1110 })
    let site = try #require(first["site"] as? Int)
    let bySite = Set(records.filter { $0["site"] as? Int == site }.compactMap { $0["imageid"] as? String })
    #expect(try await Self.ids(["--site", "\(site)"]) == bySite)
    let drive = try #require((first["drive"] as? String).flatMap { Int($0) })
    let byBoth = Set(
      records.filter { $0["site"] as? Int == site && ($0["drive"] as? String).flatMap { Int($0) } == drive }
        .compactMap { $0["imageid"] as? String })
    #expect(try await Self.ids(["--site", "\(site)", "--drive", "\(drive)..\(drive)"]) == byBoth)
    let id = try #require(first["imageid"] as? String)
    let sequence = String(Array(id)[35..<44])
    let bySequence = Set(
      records.compactMap { $0["imageid"] as? String }.filter { String(Array($0)[35..<44]) == sequence })
    #expect(try await Self.ids(["--sequence", sequence]) == bySequence)
  }
}
