/// What `--positions` and `--near` do to a stream of photos: look up their positions (one places request per rover
/// per run, in ``PhotoLocator``) and keep those within the area; photos left out for having no position are
/// counted, for the command to say once at the end. Shared by listings and downloads; safe across tasks.
package final class PhotoPlacement: Sendable {
  let locator: PhotoLocator
  let area: PhotoArea?
  private let unplacedCount = Locked(0)

  package init(locator: PhotoLocator, area: PhotoArea?) {
    self.locator = locator
    self.area = area
  }

  /// Photos left out by the area because their position is unknown, so far.
  package var unplaced: Int { unplacedCount.current }

  /// `photos` with their positions, only those within the area when there is one.
  /// - Throws: what `PhotoLocator.locate` throws for a rover's waypoint file.
  package func apply(_ photos: [Photo]) async throws -> [Photo] {
    let located = try await locator.locate(photos)
    guard let area else { return located }
    let (kept, unplaced) = area.filter(located)
    if unplaced > 0 { unplacedCount.withLock { $0 += unplaced } }
    return kept
  }
}
