import AsyncAlgorithms

/// Where the photos of a download come from: a listing at a service (a range, a sol, ids), or what was piped in
/// (ids in it are looked up at the service).
package enum PhotoSource: Sendable {
  case listing(ListingPlan, PhotoListing)
  case input(PhotoInput, lookup: PhotoListing)

  /// Every batch in order; the outcome says what could not be listed (short sols, unknown ids).
  package func forEachBatch(_ body: ([Photo]) async throws -> Void) async throws -> PhotoListing.Outcome {
    switch self {
    case .listing(let request, let listing):
      return try await listing.forEachBatch(request, body)
    case .input(let input, let lookup):
      var outcome = PhotoListing.Outcome()
      while true {
        let items = try await input.next()
        guard !items.isEmpty else { return outcome }
        var photos: [Photo] = []
        var ids: [PhotoID] = []
        for item in items {
          switch item {
          case .photo(let photo): photos.append(photo)
          case .id(let id): ids.append(id)
          }
        }
        if !ids.isEmpty {
          let found = try await lookup.forEachBatch(.ids(ids)) { photos += $0 }
          outcome.failedIDs += found.failedIDs
        }
        outcome.listed += photos.count
        try await body(photos)
      }
    }
  }

  /// Lists into `downloader` while it downloads: a bounded channel between them, so the listing runs at most a
  /// batch ahead. A listing that fails part-way ends the run after what it had handed over; its error is then
  /// thrown, after the summary is complete (`summary` holds it too).
  package func download(with downloader: Downloader) async throws -> (DownloadSummary, PhotoListing.Outcome) {
    var source = self
    // A range's counts, told to the downloader's events, give a progress display its total before the listing
    // has announced it.
    if case .listing(let request, var listing) = self {
      listing.onEstimate = { downloader.events(.estimated(total: $0)) }
      source = .listing(request, listing)
    }
    let (summary, outcome) = try await Self.feed(downloader) { [source] send in try await source.forEachBatch(send) }
    return (summary, outcome ?? PhotoListing.Outcome())
  }

  /// Runs `list` into `downloader` through a channel; the listing's result is nil when the downloader stopped it.
  package static func feed<Listed: Sendable>(
    _ downloader: Downloader, record: DownloadRecord? = nil,
    _ list: @escaping @Sendable (_ send: @escaping @Sendable ([Photo]) async -> Void) async throws -> Listed
  ) async throws -> (DownloadSummary, Listed?) {
    let channel = AsyncThrowingChannel<[Photo], any Error>()
    return try await withThrowingTaskGroup(of: Listed?.self) { group in
      group.addTask {
        do {
          let listed = try await list { await channel.send($0) }
          channel.finish()
          return listed
        } catch is CancellationError {
          channel.finish()
          return nil
        } catch {
          channel.fail(error)
          throw error
        }
      }
      let summary = try await downloader.run(channel, record: record)
      // The downloader may stop early (a write error, Ctrl-C): the listing must not wait for it for ever.
      group.cancelAll()
      var listed: Listed?
      do {
        while let result = try await group.next() { listed = result ?? listed }
      } catch  where summary.sourceError != nil || summary.fatal != nil {
        // Already in the summary, or a write error stopped the run first (a full disk the listing's record then
        // met too): the summary names it.
      }
      return (summary, listed)
    }
  }
}
