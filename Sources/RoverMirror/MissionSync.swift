import Foundation
import RoverCore

/// Keeps an output directory a mirror of a stretch of a mission: lists only the sols not yet finished plus a
/// look-back window of recent sols (where NASA's feeds publish late frames), downloads what is missing, and notes
/// each sol as finished in the directory's record once every one of its photos is in place. A run killed part-way
/// leaves its unfinished sols unfinished, so the next run continues there; what it had downloaded is skipped.
package struct MissionSync: Sendable {
  package let service: any PhotoService
  /// Recent sols listed again on every run, finished or not.
  package var lookback: Int
  package var shard: Shard?
  /// Keep every version of a re-sent frame rather than only the highest.
  package var allVersions = false
  package var events: ClientEventHandler?
  /// Sols listed at once.
  package var width = 4
  /// Time, place and sequence filters (versions are the sync's own business: see ``allVersions``).
  package var filter: PhotoFilter?

  /// The filter handed to the lister: everything but versions, which the sync judges against its record.
  var listingFilter: PhotoFilter? {
    guard var filter else { return nil }
    filter.versions = .all
    return filter
  }

  package init(service: any PhotoService, lookback: Int = 7, shard: Shard? = nil, events: ClientEventHandler? = nil) {
    self.service = service
    self.lookback = max(0, lookback)
    self.shard = shard
    self.events = events
  }

  /// The sols of `entries` this run lists: in this shard, and unfinished, or in the look-back window, or counted
  /// with more photos by the service than the sync found (late frames the service already announces). The
  /// service's count is for the whole sol: a selection narrowed by camera, date or frame filter holds fewer, so
  /// there a sol listed completely is finished whatever it held (else every such sol was listed again each run).
  func choose(
    _ entries: [SolIndex.Entry], latest: Int?, known: [Int: DownloadRecord.SolState], wholeSols: Bool,
    summary: inout SyncSummary
  ) -> [SolIndex.Entry] {
    let windowStart = Self.windowStart(latest: latest, lookback: lookback)
    var chosen: [SolIndex.Entry] = []
    for entry in entries where shard?.contains(sol: entry.sol) ?? true {
      let grown = wholeSols && (entry.expected ?? 0) > (known[entry.sol]?.photos ?? 0)
      if let state = known[entry.sol], state.complete, entry.sol < windowStart, !grown {
        summary.solsUpToDate += 1
        continue
      }
      chosen.append(entry)
    }
    summary.solsListed = chosen.count
    return chosen
  }

  /// The first sol of the look-back window, saturating rather than trapping on a service's number.
  static func windowStart(latest: Int?, lookback: Int) -> Int {
    guard let latest else { return Int.max }
    let (start, overflow) = latest.subtractingReportingOverflow(lookback - 1)
    return overflow ? (lookback == 0 ? Int.max : Int.min) : start
  }

  /// Whether the sync lists every photo of each sol it lists, so the service's count per sol can be compared.
  func listsWholeSols(_ range: PhotoRange) -> Bool {
    guard range.cameras.isEmpty, listingFilter == nil else { return false }
    if case .sols = range.days { return true }
    return false
  }

  /// Only the highest version of each re-sent frame among one sol's photos (api-reference 4.1, gotcha 6).
  static func highestVersions(_ photos: [Photo]) -> [Photo] {
    var highest: [String: Int] = [:]
    for photo in photos {
      guard let version = photo.frameVersion else { continue }
      highest[version.frame] = max(highest[version.frame] ?? 0, version.number)
    }
    guard !highest.isEmpty else { return photos }
    return photos.filter { photo in photo.frameVersion.map { highest[$0.frame] == $0.number } ?? true }
  }

  /// Lists and downloads with `downloader` (its settings, options and events, as a plain `fetch-image` run would).
  package func run(_ range: PhotoRange, record: DownloadRecord, downloader: Downloader) async throws -> SyncSummary {
    let known = try record.sols(rover: range.rover)
    let progress = SolProgress(record: record, rover: range.rover)
    let events = downloader.events
    let downloader = downloader.adapted({ $0.highestVersionsOnly = !self.allVersions }) { event in
      if case .finished(let result) = event { progress.finished(result) }
    }
    let lister = MissionLister(service: service, width: width, events: self.events, filter: listingFilter)
    let chosen = Locked(SyncSummary())
    // Sols listed in fact: fewer than chosen when the run is stopped part-way.
    let listedSols = Locked(0)
    let allVersions = self.allVersions
    let sync = self
    let (download, _) = try await PhotoSource.feed(downloader, record: record) { send in
      try await lister.forEachSol(
        range,
        choosing: { entries, latest in
          let sols = chosen.withLock { summary in
            summary.latestSol = latest
            return sync.choose(
              entries, latest: latest, known: known, wholeSols: sync.listsWholeSols(range), summary: &summary)
          }
          if let estimate = SolIndex.estimate(sols, wholeSols: sync.listsWholeSols(range)) {
            events(.estimated(total: estimate))
          }
          return sols
        }
      ) { batch in
        let photos = allVersions ? batch.photos : Self.highestVersions(batch.photos)
        if batch.isLast { listedSols.withLock { $0 += 1 } }
        chosen.withLock { $0.olderVersions += batch.photos.count - photos.count }
        try progress.listed(sol: batch.sol, photos: photos, isLast: batch.isLast)
        // The downloader announces them (`planned`) as it takes them.
        if !photos.isEmpty { await send(photos) }
        return true
      }
      return true
    }
    var summary = chosen.current
    summary.solsListed = listedSols.current
    summary.download = download
    summary.solsCompleted = progress.completed
    return summary
  }

  /// The photos a run would fetch (`--dry-run`, `--format urls`): those of the chosen sols whose file is not in
  /// place; the sols themselves are not marked.
  package func forEachMissing(
    _ range: PhotoRange, record: DownloadRecord, template: NameTemplate, outputDirectory: URL,
    _ body: ([Photo]) async throws -> Void
  ) async throws -> SyncSummary {
    let known = try record.sols(rover: range.rover)
    // A folder not made yet holds nothing: every photo is missing, and a dry run does not create it.
    let root =
      FileManager.default.fileExists(atPath: outputDirectory.path) ? try SafeDirectory.root(outputDirectory) : nil
    var summary = SyncSummary()
    let lister = MissionLister(service: service, width: width, events: events, filter: listingFilter)
    let allVersions = self.allVersions
    try await lister.forEachSol(
      range,
      choosing: { entries, latest in
        summary.latestSol = latest
        return choose(entries, latest: latest, known: known, wholeSols: listsWholeSols(range), summary: &summary)
      }
    ) { batch in
      var missing: [Photo] = []
      let photos = allVersions ? batch.photos : Self.highestVersions(batch.photos)
      summary.olderVersions += batch.photos.count - photos.count
      for photo in photos {
        if !allVersions, let version = photo.frameVersion, let highest = try record.highestVersion(of: photo),
          highest > version.number
        {
          continue
        }
        if root?.regularFileSize(template.path(for: photo)).map({ $0 > 0 }) == true { continue }
        missing.append(photo)
      }
      try await body(missing)
      return true
    }
    return summary
  }
}

/// Which listed sols still have photos on the way; a sol whose last photo is in place (none failed) is noted as
/// finished in the record. Results arrive on the downloader's threads, hence the lock.
final class SolProgress: Sendable {
  private struct Sol {
    var remaining: Int
    var failed: Int
    var photos: Int
  }

  private let record: DownloadRecord
  private let rover: String
  private let state = Locked<(sols: [Int: Sol], completed: Int, error: (any Error)?)>(([:], 0, nil))
  /// Sols handed over in parts whose last part has not come: each holds one extra `remaining`, so its downloads
  /// cannot finish it before its listing has.
  private let open = Locked<Set<Int>>([])

  init(record: DownloadRecord, rover: String) {
    self.record = record
    self.rover = rover
  }

  var completed: Int { state.current.completed }

  /// Called before the sol's photos are handed to the downloader, so no result can arrive first. Counted by each
  /// photo's own sol, which results are matched by; a sol listed with no photos is finished at once. A sol handed
  /// over in parts (`isLast` false until its last) holds one extra `remaining` until its last part, so its
  /// downloads cannot finish it before its listing has.
  func listed(sol: Int, photos: [Photo], isLast: Bool = true) throws {
    var counts: [Int: Int] = [:]
    for photo in photos { counts[photo.sol, default: 0] += 1 }
    let opens = !isLast && open.withLock { $0.insert(sol).inserted }
    let closes = isLast && open.withLock { $0.remove(sol) != nil }
    if counts[sol] == nil, isLast, !closes {
      try record.setSol(rover: rover, sol: sol, .init(complete: true, photos: 0, checkedAt: Date()))
      state.withLock { $0.completed += 1 }
    }
    state.withLock { state in
      for (sol, count) in counts {
        var entry = state.sols[sol] ?? Sol(remaining: 0, failed: 0, photos: 0)
        entry.remaining += count
        entry.photos += count
        state.sols[sol] = entry
      }
      if opens { state.sols[sol, default: Sol(remaining: 0, failed: 0, photos: 0)].remaining += 1 }
    }
    if closes { settle(sol: sol, failed: false) }
  }

  func finished(_ result: DownloadResult) {
    if case .failed = result.outcome {
      settle(sol: result.photo.sol, failed: true)
    } else {
      settle(sol: result.photo.sol, failed: false)
    }
  }

  /// One of a sol's `remaining` done (a photo, or an open sol's last part); the last notes the sol in the record.
  private func settle(sol: Int, failed: Bool) {
    let done: Sol? = state.withLock { state in
      guard var entry = state.sols[sol] else { return nil }
      entry.remaining -= 1
      if failed { entry.failed += 1 }
      if entry.remaining > 0 {
        state.sols[sol] = entry
        return nil
      }
      state.sols[sol] = nil
      if entry.failed == 0 { state.completed += 1 }
      return entry
    }
    guard let done else { return }
    // A sol with a failed photo is listed again next run: it is noted as looked at, not finished.
    try? record.setSol(
      rover: rover, sol: sol, .init(complete: done.failed == 0, photos: done.photos, checkedAt: Date()))
  }
}
