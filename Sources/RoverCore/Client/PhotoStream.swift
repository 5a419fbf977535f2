import AsyncAlgorithms

/// Photos as a listing delivers them, sol by sol and page by page. A listing is read only as fast as the photos
/// are taken from the stream (each batch waits until the one before was taken), so memory stays flat however
/// long the mission: iterate 60 000 photos and at most a sol's worth is held at once.
///
/// Each iteration runs the listing afresh. Stopping early (a `break`, a cancelled task) stops the listing.
/// Iteration throws ``ServiceError`` or ``HTTPError`` when the service fails; photos listed before the failure
/// have been delivered.
public struct PhotoStream: AsyncSequence, Sendable {
  /// Each element is one photo.
  public typealias Element = Photo

  let batches: Batches

  init(listing: PhotoListing, request: ListingPlan) {
    batches = Batches(listing: listing, request: request)
  }

  /// Reads the stream photo by photo.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var inner: Batches.AsyncIterator
    var batch: [Photo] = []
    var index = 0

    /// The next photo, nil at the end of the listing.
    /// - Throws: what the listing's service threw.
    public mutating func next() async throws -> Photo? {
      while index == batch.count {
        guard let next = try await inner.next() else { return nil }
        batch = next
        index = 0
      }
      defer { index += 1 }
      return batch[index]
    }
  }

  /// Starts the listing.
  public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(inner: batches.makeAsyncIterator()) }

  /// The same photos a batch at a time (one sol, or one page), as the downloader takes them.
  struct Batches: AsyncSequence, Sendable {
    typealias Element = [Photo]
    let listing: PhotoListing
    let request: ListingPlan

    struct AsyncIterator: AsyncIteratorProtocol {
      let producer: Producer
      var channel: AsyncThrowingChannel<[Photo], any Error>.AsyncIterator

      mutating func next() async throws -> [Photo]? {
        try await channel.next()
      }
    }

    func makeAsyncIterator() -> AsyncIterator {
      let channel = AsyncThrowingChannel<[Photo], any Error>()
      let (listing, request) = (self.listing, self.request)
      let task = Task {
        do {
          let outcome = try await listing.forEachBatch(request) { photos in
            guard !photos.isEmpty else { return }
            await channel.send(photos)
            try Task.checkCancellation()
          }
          if outcome.olderVersions > 0 {
            listing.events?(.warning(.olderVersionsLeftOut(count: outcome.olderVersions)))
          }
          channel.finish()
        } catch {
          channel.fail(error)
        }
      }
      return AsyncIterator(producer: Producer(task: task), channel: channel.makeAsyncIterator())
    }
  }

  /// Ends the listing when its reader goes away, so an abandoned stream holds no task waiting for ever.
  final class Producer: Sendable {
    let task: Task<Void, Never>
    init(task: Task<Void, Never>) { self.task = task }
    deinit { task.cancel() }
  }
}
