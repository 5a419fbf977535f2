import Foundation
import Testing

@testable import RoverCore

/// `--lmst`, `--site`, `--drive`, `--sequence` and `--versions` select exactly the frames the real records say.
@Suite struct PhotoFilterTests {
  static func photos() throws -> [Photo] {
    try RealFrames.decoded()
  }

  static func seconds(_ lmst: String) -> Double {
    MarsTimeWindow.seconds(lmst) ?? -1
  }

  @Test(arguments: ["10:00..14:00", "22:00..02:00", "13:19..13:20", "00:00..23:59"])
  func aTimeWindowKeepsExactlyTheFramesTakenInside(window text: String) throws {
    let photos = try Self.photos()
    let window = try #require(MarsTimeWindow(parsing: text))
    let kept = PhotoFilter(lmst: window, versions: .all).apply(photos)
    let expected = photos.filter { photo in
      guard let lmst = photo.metadata.lmst else { return false }
      let time = Self.seconds(lmst)
      return window.start <= window.end
        ? time >= window.start && time <= window.end : time >= window.start || time <= window.end
    }
    #expect(kept.map(\.id) == expected.map(\.id))
  }

  @Test func aWindowWrapsPastMidnight() throws {
    let window = try #require(MarsTimeWindow(parsing: "22:00..02:00"))
    #expect(window.contains(seconds: 23 * 3600))
    #expect(window.contains(seconds: 3600))
    #expect(!window.contains(seconds: 12 * 3600))
    #expect(MarsTimeWindow(parsing: "25:00..02:00") == nil)
    #expect(MarsTimeWindow(parsing: "22:00-02:00") == nil)
  }

  @Test func siteDriveAndSequenceSelectWhatTheRecordsSay() throws {
    let photos = try Self.photos()
    let first = try #require(photos.first { $0.metadata.site != nil && $0.metadata.drive != nil })
    let site = try #require(first.metadata.site)
    let drive = try #require(first.metadata.drive)
    let bySite = PhotoFilter(sites: site...site, versions: .all).apply(photos)
    #expect(!bySite.isEmpty && bySite.allSatisfy { $0.metadata.site == site })
    #expect(bySite.count == photos.filter { $0.metadata.site == site }.count)
    let byBoth = PhotoFilter(sites: site...site, drives: drive...drive, versions: .all).apply(photos)
    #expect(byBoth.count == photos.filter { $0.metadata.site == site && $0.metadata.drive == drive }.count)
    let sequence = try #require(first.frame?.sequence)
    let bySequence = PhotoFilter(sequence: sequence.lowercased(), versions: .all).apply(photos)
    #expect(bySequence.count == photos.filter { $0.frame?.sequence == sequence }.count)
    #expect(!bySequence.isEmpty)
  }

  /// Constructed: a real record re-sent as version 02 (the fixtures hold no two versions of one frame).
  @Test func theNewestVersionHidesTheOlderOneUnlessAllAreAsked() throws {
    let photos = try Self.photos()
    let original = try #require(photos.first { $0.frame?.version == 1 })
    var resent = original
    resent.imageSource = original.imageSource.replacingOccurrences(of: "J01", with: "J02")
    resent.id = .text(original.id.description + "-resent")
    let listed = [original, resent] + photos.filter { $0.id != original.id }
    let newest = PhotoFilter().apply(listed)
    #expect(newest.contains { $0.id == resent.id })
    #expect(!newest.contains { $0.id == original.id })
    #expect(newest.count == listed.count - 1)
    #expect(PhotoFilter(versions: .all).apply(listed).count == listed.count)
  }
}
