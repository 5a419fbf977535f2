import Foundation
import RoverCore

/// The one place the library's notices become the command's sentences: one lowercase clause each, built from the
/// notice's values, naming the flag that changes things where one does. Printers add the `rover: warning: ` prefix
/// (or `rover: ` for a wait, which is no warning); the CLI tests pin the sentences.
enum NoticeWording {
  static func text(_ notice: Notice) -> String {
    switch notice {
    case .staleCacheUsed(_, let age, let cause):
      let reason = (cause as? LocalizedError)?.errorDescription ?? "service unavailable"
      return "\(reason); answering from a cached copy \(DurationText.describe(age)) old"
    case .solListedShort(let sol, let listed, let expected):
      return "sol \(sol): listed \(listed) of the \(expected) photos the service counts"
    case .serviceFellBack(let from, let cause, let to):
      return "\(from.rawValue): \(reason(cause)); trying \(to.rawValue)"
    case .roverLeftOut(let rover, let cause):
      return "\(rover): \(reason(cause))"
    case .implausibleSolLeftOut(let rover, let sol, let limit, let service):
      return
        "\(service) sent sol \(sol) for \(rover), which cannot have reached past sol \(limit): \(rover) is left out"
    case .imageSizeIgnored(let service, let size):
      return "\(service) has one image size per photo; the size \(size) is ignored"
    case .imageSizeCapped(let service, let pixels):
      return "\(service) serves \(pixels) px browse JPEGs at most; the full size gives those"
    case .unreadableRecords(let what, let count, let total):
      return "\(what): \(count) of its \(total) records could not be read as images; left out"
    case .unreadableDocuments(let what, let count, let total):
      return "\(what): \(count) of its \(total) documents could not be read as images; left out"
    case .recordsTooLarge(let what, let count, let limitBytes):
      return "\(what): \(count) records over \(limitBytes / 1024) KB; their sidecars leave out `source`"
    case .pagesCapped(let what, let claimed, let limit):
      return "\(what): the service claims \(claimed) pages; reading at most \(limit)"
    case .pageRepeated(let what, let page):
      return "\(what): page \(page) repeats photos already listed; stopping there"
    case .olderVersionsLeftOut(let count):
      return FrameFilterOptions.olderVersionsText(count)
    case .countExceeded(let what, let listed, let expected):
      return "\(what): \(listed) photos listed, more than the service's count of \(expected); stopping"
    case .noPositionsPublished(let rover):
      return "no positions for \(rover): NASA publishes no map of its localizations; lon and lat are null"
    case .featuresLeftOut(let url, let notAFeature, let noSiteOrDrive, let badNumber, let noPosition, let overLimit):
      return "\(url): " + featuresLeftOut([notAFeature, noSiteOrDrive, badNumber, noPosition, overLimit])
    case .waitingForFolder, .waitingForFile, .waitingForDatabase, .unreadableLines, .legacyRecordLinesSkipped,
      .recordDamaged, .recordRebuilt:
      return files(notice)
    }
  }

  /// The notices about the output folder, its record and archive (the rest, `text(_:)` words itself).
  private static func files(_ notice: Notice) -> String {
    switch notice {
    case .waitingForFolder(let folder, let lockFile, let holder):
      let who = holder.map { "rover (process \($0))" } ?? "another rover"
      return "waiting for \(who) that is writing into \(folder) (\(lockFile)); Ctrl-C stops waiting"
    case .waitingForFile(let path):
      return "waiting for another rover that is using \(path); `fuser \(path)` names it, Ctrl-C stops waiting"
    case .waitingForDatabase(let path, let seconds):
      return "waiting (up to \(seconds)s) for another program that has \(path) locked"
    case .unreadableLines(let count, let path):
      return "skipped \(lines(count)) in \(path)"
    case .legacyRecordLinesSkipped(let count, let path):
      return "skipped \(lines(count)) of the old record \(path)"
    case .recordDamaged(let path, let reason):
      return "\(path) is damaged (\(reason)): a run without --dry-run sets it aside and starts afresh "
        + "(files in place still count)"
    case .recordRebuilt(let path, let movedTo, let reason, let settingsCarriedOver):
      return "\(path) was damaged (\(reason)): moved to \(movedTo) and started afresh "
        + "(files in place still count\(settingsCarriedOver ? "; its settings carried over" : ""))"
    default:
      // Only the cases `text(_:)` hands over come here.
      return "\(notice)"
    }
  }

  /// Why the features of a waypoint file were left out, in the order of ``Notice/featuresLeftOut``'s counts.
  private static let featureReasons = [
    "not a feature", "no site or drive", "a value that is not a plausible number", "no longitude and latitude",
    "beyond the limit of features read",
  ]

  /// `3 features left out: 2 with no site or drive, 1 with …`, each reason with a count.
  private static func featuresLeftOut(_ counts: [Int]) -> String {
    let total = counts.reduce(0, +)
    let parts = zip(counts, featureReasons).filter { $0.0 > 0 }.map { "\($0.0) with \($0.1)" }
    return "\(total) feature\(total == 1 ? "" : "s") left out: " + parts.joined(separator: ", ")
  }

  private static func lines(_ count: Int) -> String {
    "\(count) unreadable line\(count == 1 ? "" : "s")"
  }

  /// An error's own clause, as the library gives it (a retry's or a failed service's cause too).
  static func reason(_ error: any Error) -> String {
    (error as? LocalizedError)?.errorDescription ?? "\(error)"
  }
}
