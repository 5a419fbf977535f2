import Foundation

/// Something a user should know that is not an error, as data: what happened and the values it happened to (sols,
/// counts, paths, services, the error behind it), never a sentence. Sent as ``ClientEvent/warning(_:)`` while
/// listing and as ``DownloadEvent/warning(_:)`` while downloading; the program words it (the `rover` command
/// words every case in one place).
///
/// New cases come in minor versions, as rover learns of more to say: switch over the ones you act on and end with
/// `default:` (Swift on Linux builds libraries without library evolution, so `@unknown default` is not enforced).
///
/// ```swift
/// let client = PhotoClient(settings: ConnectionSettings()) { event in
///   guard case .warning(let notice) = event else { return }
///   switch notice {
///   case .solListedShort(let sol, let listed, let expected): print("sol \(sol): \(listed) of \(expected)")
///   case .staleCacheUsed(_, let age, _): print("an offline copy, \(Int(age / 60)) min old")
///   default: break
///   }
/// }
/// ```
public enum Notice: Sendable {
  // MARK: Listing

  /// The service is down (`cause`: the ``ServiceError`` or ``HTTPError`` it failed with), so an expired cached
  /// answer was used instead: `what` names the request ("the curiosity manifest"), `age` is the answer's age in
  /// seconds.
  case staleCacheUsed(what: String, age: TimeInterval, cause: any Error)
  /// A whole sol was listed short of the count the service gives for it: `listed` of `expected` photos.
  case solListedShort(sol: Int, listed: Int, expected: Int)
  /// A listing through ``PhotoStream`` kept each frame once, as its newest version: `count` older versions NASA
  /// re-sent were left out (``PhotoFilter`` with `versions: .all` keeps them). Sent once, when the listing ends.
  case olderVersionsLeftOut(count: Int)
  /// Service `from` failed with `cause` (a reason to try another), and service `to` was tried next
  /// (`--service auto`'s chain).
  case serviceFellBack(from: ServicePreset, cause: any Error, to: ServicePreset)
  /// No service could answer for `rover` (`cause`: the first failure), so a listing of every rover leaves it out.
  case roverLeftOut(rover: String, cause: any Error)
  /// `service` sent sol `sol` for `rover`, which cannot have reached past sol `limit` yet: the answer is not
  /// trusted, and a listing of every rover leaves that rover out.
  case implausibleSolLeftOut(rover: String, sol: Int, limit: Int, service: String)
  /// `service` has one image size per photo: the size asked for (`size`: `small`, `medium`, `large`, `full`) is
  /// ignored. Said once per client.
  case imageSizeIgnored(service: String, size: String)
  /// `service` serves images of at most `pixels` on their longer side: the full size gives those. Said once per
  /// client.
  case imageSizeCapped(service: String, pixels: Int)
  /// `count` of the `total` records of one page (`what`: the listing and page) are no image rover can fetch (no
  /// id, URL or sol), so they are left out.
  case unreadableRecords(what: String, count: Int, total: Int)
  /// As ``unreadableRecords(what:count:total:)``, for the documents of a search index's page (the PDS's Solr).
  case unreadableDocuments(what: String, count: Int, total: Int)
  /// `count` records of one page (`what`) are larger than `limitBytes` in memory, so their metadata sidecars leave
  /// the verbatim record (`source`) out. Said only when sidecars keep records.
  case recordsTooLarge(what: String, count: Int, limitBytes: Int)
  /// The service claims `claimed` pages for one listing (`what`); at most `limit` are read.
  case pagesCapped(what: String, claimed: Int, limit: Int)
  /// Page `page` of a listing (`what`) holds only photos listed already: the listing stops there.
  case pageRepeated(what: String, page: Int)
  /// A listing (`what`) passed the service's own count (`listed` photos against `expected`): it stops there.
  case countExceeded(what: String, listed: Int, expected: Int)
  /// NASA publishes no map of `rover`'s localizations: its photos have no position (`lon` and `lat` are null).
  case noPositionsPublished(rover: String)
  /// Features of a waypoint file (`url`, API key redacted) left out, counted by why: not a feature; no site or
  /// drive; a value that is not a plausible number; no longitude and latitude; past the limit of features read.
  case featuresLeftOut(
    url: String, notAFeature: Int, noSiteOrDrive: Int, badNumber: Int, noPosition: Int, overLimit: Int)

  // MARK: Files

  /// Another rover (process `holder`, when known) is writing into `folder` photos this run would write too: this
  /// run waits for it (`lockFile`: the lock's path) until it is done or cancelled.
  case waitingForFolder(folder: String, lockFile: String, holder: Int32?)
  /// Another rover holds the file at `path` (an archive, a record) locked: this run waits until it lets go or is
  /// cancelled.
  case waitingForFile(path: String)
  /// Another program holds the database at `path` locked: this run waits up to `seconds` before it fails.
  case waitingForDatabase(path: String, seconds: Int)
  /// `count` lines of the file at `path` (an archive) could not be read and were skipped.
  case unreadableLines(count: Int, path: String)
  /// `count` lines of an old record (`path`, the name of the record kept before the SQLite one) could not be read
  /// and were not imported.
  case legacyRecordLinesSkipped(count: Int, path: String)
  /// The record at `path` is damaged (`reason`: the database's own words). A run that reads a copy (a dry run)
  /// leaves it in place: a real run sets it aside and starts afresh.
  case recordDamaged(path: String, reason: String)
  /// The record at `path` was damaged (`reason`: the database's own words): moved to `movedTo`, and a new one
  /// started (files in place still count); `settingsCarriedOver` when the old record's settings were kept.
  case recordRebuilt(path: String, movedTo: String, reason: String, settingsCarriedOver: Bool)
}
