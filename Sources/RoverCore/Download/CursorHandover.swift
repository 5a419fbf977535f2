/// Moves the photo cursor, already peeked at, into the planner's task. `@unchecked Sendable`: the run hands it over
/// once and never touches it again, and only the planner takes it.
final class CursorHandover<Source: AsyncIteratorProtocol>: @unchecked Sendable where Source.Element == [Photo] {
  private var cursor: PhotoCursor<Source>?

  init(_ cursor: PhotoCursor<Source>) {
    self.cursor = cursor
  }

  func take() -> PhotoCursor<Source> {
    defer { cursor = nil }
    guard let cursor else { preconditionFailure("the photo cursor was taken twice") }
    return cursor
  }
}
