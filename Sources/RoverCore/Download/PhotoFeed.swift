/// Photos one at a time from a source of batches, with a look at the first batch before anything starts.
struct PhotoFeed<Source: AsyncIteratorProtocol> where Source.Element == [Photo] {
  private var source: Source
  private var batch: [Photo] = []
  private var index = 0
  private var peeked = false

  init(_ source: Source) {
    self.source = source
  }

  /// The first batch, still to be handed out by `next`.
  mutating func peekBatch() async throws -> [Photo]? {
    guard !peeked else { return batch }
    peeked = true
    while batch.isEmpty {
      guard let first = try await source.next() else { return nil }
      batch = first
    }
    return batch
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
      guard let more = try await source.next() else { return nil }
      batch = more
      index = 0
      if !batch.isEmpty { announce(batch.count) }
    }
    defer { index += 1 }
    return batch[index]
  }
}
