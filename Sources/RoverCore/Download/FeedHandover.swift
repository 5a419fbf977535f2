/// Moves the photo feed, already peeked at, into the planner's task. `@unchecked Sendable`: the run hands it over
/// once and never touches it again, and only the planner takes it.
final class FeedHandover<Source: AsyncIteratorProtocol>: @unchecked Sendable where Source.Element == [Photo] {
  private var feed: PhotoFeed<Source>?

  init(_ feed: PhotoFeed<Source>) {
    self.feed = feed
  }

  func take() -> PhotoFeed<Source> {
    defer { feed = nil }
    guard let feed else { preconditionFailure("the photo feed was taken twice") }
    return feed
  }
}
