/// Photos one at a time from a source of batches, with a look at the first batch before anything starts.
struct PhotoCursor<Source: AsyncIteratorProtocol> where Source.Element == [Photo] {
  private var source: Source
  /// Positions and `--near`, applied to each batch as it is taken (``DownloadOptions/placement``).
  private let placement: PhotoPlacement?
  private var batch: [Photo] = []
  private var index = 0
  private var peeked = false

  init(_ source: Source, placement: PhotoPlacement? = nil) {
    self.source = source
    self.placement = placement
  }

  private mutating func pull() async throws -> [Photo]? {
    guard let next = try await source.next() else { return nil }
    guard let placement else { return next }
    return try await placement.apply(next)
  }

  /// The first batch, still to be handed out by `next`.
  mutating func peekBatch() async throws -> [Photo]? {
    guard !peeked else { return batch }
    peeked = true
    while batch.isEmpty {
      guard let first = try await pull() else { return nil }
      batch = first
    }
    return batch
  }

  /// Up to `count` photos, from the batch at hand when it has any (so photos already read never wait for more
  /// to arrive); nil at the end.
  mutating func next(upTo count: Int, announce: (Int) -> Void) async throws -> ArraySlice<Photo>? {
    // `next` hands out `batch[index - 1]`: the rest of the slice follows it in the same batch.
    guard try await next(announce: announce) != nil else { return nil }
    let start = index - 1
    let end = min(batch.count, start + max(1, count))
    index = end
    return batch[start..<end]
  }

  /// The next photo; `announce` is told each batch's size as the batch is taken.
  mutating func next(announce: (Int) -> Void) async throws -> Photo? {
    if !peeked {
      _ = try await peekBatch()
      if !batch.isEmpty { announce(batch.count) }
    } else if index == 0, !batch.isEmpty {
      announce(batch.count)
    }
    while index >= batch.count {
      guard let more = try await pull() else { return nil }
      batch = more
      index = 0
      if !batch.isEmpty { announce(batch.count) }
    }
    defer { index += 1 }
    return batch[index]
  }
}
