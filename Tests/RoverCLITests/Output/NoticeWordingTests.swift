import Foundation
import RoverCore
import Testing

@testable import rover

/// Every notice the library sends, worded by the command as it was when the library wrote the sentences itself:
/// scripts that grep stderr keep working. The end-to-end tests pin the common ones; this pins them all.
@Suite struct NoticeWordingTests {
  static let refused = HTTPError.connectionRefused(url: "http://127.0.0.1:9/api/v1/rovers/curiosity")

  static let listing: [(Notice, String)] = [
    (
      .staleCacheUsed(
        what: "the curiosity manifest", age: 7200, cause: ServiceError.serverError(status: 503, url: "http://h/m")),
      "\(ServiceError.serverError(status: 503, url: "http://h/m").errorDescription ?? ""); answering from a cached copy 2h old"
    ),
    (.solListedShort(sol: 5, listed: 55, expected: 60), "sol 5: listed 55 of the 60 photos the service counts"),
    (
      .serviceFellBack(from: .nebulum, cause: refused, to: .nasaRaw),
      "nebulum: \(refused.errorDescription ?? ""); trying nasa-raw"
    ),
    (.roverLeftOut(rover: "spirit", cause: refused), "spirit: \(refused.errorDescription ?? "")"),
    (
      .implausibleSolLeftOut(rover: "curiosity", sol: 99999, limit: 4700, service: "nebulum"),
      "nebulum sent sol 99999 for curiosity, which cannot have reached past sol 4700: curiosity is left out"
    ),
    (
      .imageSizeIgnored(service: "nebulum", size: "small"),
      "nebulum has one image size per photo; the size small is ignored"
    ),
    (
      .imageSizeCapped(service: "pds", pixels: 1024),
      "pds serves 1024 px browse JPEGs at most; the full size gives those"
    ),
    (
      .unreadableRecords(what: "curiosity sol 10", count: 1, total: 3),
      "curiosity sol 10: 1 of its 3 records could not be read as images; left out"
    ),
    (
      .unreadableDocuments(what: "spirit sol 1 (from product 0)", count: 2, total: 50),
      "spirit sol 1 (from product 0): 2 of its 50 documents could not be read as images; left out"
    ),
    (
      .recordsTooLarge(what: "perseverance sol 12", count: 2, limitBytes: 64 * 1024),
      "perseverance sol 12: 2 records over 64 KB; their sidecars leave out `source`"
    ),
    (
      .pagesCapped(what: "curiosity sol 5", claimed: 999_999, limit: 2000),
      "curiosity sol 5: the service claims 999999 pages; reading at most 2000"
    ),
    (
      .pageRepeated(what: "curiosity sol 5", page: 3),
      "curiosity sol 5: page 3 repeats photos already listed; stopping there"
    ),
    (
      .countExceeded(what: "curiosity sol 5", listed: 400, expected: 200),
      "curiosity sol 5: 400 photos listed, more than the service's count of 200; stopping"
    ),
    (
      .noPositionsPublished(rover: "spirit"),
      "no positions for spirit: NASA publishes no map of its localizations; lon and lat are null"
    ),
    (
      .featuresLeftOut(url: "u", notAFeature: 1, noSiteOrDrive: 1, badNumber: 4, noPosition: 1, overLimit: 0),
      "u: 7 features left out: 1 with not a feature, 1 with no site or drive, 4 with a value that is not a "
        + "plausible number, 1 with no longitude and latitude"
    ),
    (
      .featuresLeftOut(url: "u", notAFeature: 0, noSiteOrDrive: 0, badNumber: 0, noPosition: 0, overLimit: 1),
      "u: 1 feature left out: 1 with beyond the limit of features read"
    ),
  ]

  static let files: [(Notice, String)] = [
    (
      .waitingForFolder(folder: "/p", lockFile: "/p/.lock", holder: 42),
      "waiting for rover (process 42) that is writing into /p (/p/.lock); Ctrl-C stops waiting"
    ),
    (
      .waitingForFolder(folder: "/p", lockFile: "/p/.lock", holder: nil),
      "waiting for another rover that is writing into /p (/p/.lock); Ctrl-C stops waiting"
    ),
    (
      .waitingForFile(path: "/a"),
      "waiting for another rover that is using /a; `fuser /a` names it, Ctrl-C stops waiting"
    ),
    (
      .waitingForDatabase(path: "/r", seconds: 30),
      "waiting (up to 30s) for another program that has /r locked"
    ),
    (.unreadableLines(count: 1, path: "/a"), "skipped 1 unreadable line in /a"),
    (.unreadableLines(count: 2, path: "/a"), "skipped 2 unreadable lines in /a"),
    (.legacyRecordLinesSkipped(count: 3, path: ".old"), "skipped 3 unreadable lines of the old record .old"),
    (
      .recordDamaged(path: "/r", reason: "bad"),
      "/r is damaged (bad): a run without --dry-run sets it aside and starts afresh (files in place still count)"
    ),
    (
      .recordRebuilt(path: "/r", movedTo: "/r.1", reason: "bad", settingsCarriedOver: true),
      "/r was damaged (bad): moved to /r.1 and started afresh (files in place still count; its settings carried over)"
    ),
    (
      .recordRebuilt(path: "/r", movedTo: "/r.1", reason: "bad", settingsCarriedOver: false),
      "/r was damaged (bad): moved to /r.1 and started afresh (files in place still count)"
    ),
  ]

  @Test func everyNoticeReadsAsBefore() {
    for (notice, sentence) in Self.listing + Self.files {
      #expect(NoticeWording.text(notice) == sentence)
    }
  }

  /// The command names its flag by the error's case, from the error's values: no message is edited.
  @Test func templateFailuresNameTheFlag() throws {
    #expect(ExitStatus.message(for: DownloadError.invalidTemplate(pattern: "", problem: .empty)) == "--name is empty")
    #expect(
      ExitStatus.message(for: DownloadError.invalidTemplate(pattern: "{x}", problem: .unknownPlaceholder("x")))
        .hasPrefix("unknown placeholder {x} in --name (known: {rover} "))
    #expect(
      ExitStatus.message(for: DownloadError.nameTaken(path: "/o/a.jpg"))
        == "/o/a.jpg was already written by another photo of this run; not overwriting it (add {id} to --name)")
    // The library's own words, for a program that shows them.
    #expect(
      DownloadError.invalidTemplate(pattern: "", problem: .empty).errorDescription == "the name template is empty")
    #expect(
      ExitStatus.message(for: ServiceError.pageOutOfRange(page: 9, last: 2, perPage: 25, sol: 1000))
        == "--page 9 is past the last page of sol 1000 (valid: 1..2 at 25 a page)")
  }
}
