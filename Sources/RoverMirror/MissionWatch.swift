import Foundation
import RoverCore

/// One poll of a rover for `watch`: the latest sol and the look-back window before it, listed afresh, keeping the
/// photos not printed before.
package struct MissionWatch: Sendable {
  package let service: any PhotoService
  package var rover: String
  package var cameras: [String]
  /// Sols before the latest also polled, where late frames appear.
  package var lookback: Int
  package var events: ClientEventHandler?
  /// Time, place, sequence and versions: only photos that pass are new.
  package var filter = PhotoFilter()

  package init(service: any PhotoService, rover: String, cameras: [String] = [], lookback: Int = 2) {
    self.service = service
    self.rover = rover
    self.cameras = cameras
    self.lookback = max(0, lookback)
  }

  /// The new photos, in sol order; they are not marked as seen (the caller does once it has printed them).
  package func poll(_ state: WatchState) async throws -> [Photo] {
    var leftOut: Set<String> = []
    var new: [Photo] = []
    try await poll(state, leftOut: &leftOut) { new += $0 }
    return new
  }

  /// Lists the window and hands on its new photos a part at a time (a listing window, in sol order), so a poll
  /// holds one part, never a whole hostile sol; adds to `leftOut` the keys (``WatchState``'s) of the older versions
  /// of re-sent frames the newest-version default left out: a set the caller keeps across polls says each such
  /// version once, though every poll lists the look-back window again.
  /// - Throws: the listing's errors, and what `each` throws; the parts handed on before stay handed on.
  package func poll(
    _ state: WatchState, leftOut: inout Set<String>, each: ([Photo]) async throws -> Void
  ) async throws {
    var listing = filter
    listing.versions = .all
    let newestOnly = filter.versions == .newest
    let range = PhotoRange(rover: rover, days: .sols(lower: 0, upper: nil), cameras: cameras)
    // One entry per image, as the state keeps them: an image listed under several sols is printed and acted on
    // once, not printed three times and downloaded once.
    var keys: Set<String> = []
    let lookback = self.lookback
    try await MissionLister(service: service, events: events, filter: listing).forEachSol(
      range,
      choosing: { entries, latest in
        guard let latest else { return [] }
        return entries.filter { $0.sol >= latest - lookback }
      }
    ) { batch in
      let kept = newestOnly ? PhotoFilter.newestVersions(batch.photos) : batch.photos
      if kept.count < batch.photos.count {
        let keptKeys = Set(kept.map(WatchState.key))
        for photo in batch.photos where !keptKeys.contains(WatchState.key(photo)) {
          leftOut.insert(WatchState.key(photo))
        }
      }
      var new: [Photo] = []
      for photo in kept where try state.isNew(photo) && keys.insert(WatchState.key(photo)).inserted {
        new.append(photo)
      }
      if !new.isEmpty { try await each(new) }
      return true
    }
  }

  /// How long to wait after `failures` failed polls in a row: doubling from 30 s (or the interval, if shorter) up
  /// to an hour, never less than the server's `Retry-After`.
  package static func backoff(failures: Int, interval: TimeInterval, retryAfter: TimeInterval?) -> TimeInterval {
    let base = min(30, interval)
    let doubled = base * pow(2, Double(max(0, failures - 1)))
    return max(min(doubled, 3600), retryAfter ?? 0)
  }
}
