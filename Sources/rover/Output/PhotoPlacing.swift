import RoverCore

/// What `--positions` and `--near` do to a stream of photos: look up their positions (one places request per
/// rover per run, in `PhotoLocator`) and keep those within the area; photos left out for having no position are
/// counted and said once at the end.
final class PhotoPlacing: @unchecked Sendable {
  // Unchecked: used by one command's listing loop, one batch after another.
  let locator: PhotoLocator?
  let area: PhotoArea?
  private(set) var unplaced = 0

  init(locator: PhotoLocator?, area: PhotoArea?) {
    self.locator = locator
    self.area = area
  }

  func apply(_ photos: [Photo]) async throws -> [Photo] {
    guard let locator else { return photos }
    let located = try await locator.locate(photos)
    guard let area else { return located }
    let (kept, unplaced) = area.filter(located)
    self.unplaced += unplaced
    return kept
  }

  /// One line on stderr for the photos `--near` left out because their position is unknown.
  func reportUnplaced() {
    guard unplaced > 0 else { return }
    StandardError.line(
      "rover: \(unplaced) photo\(unplaced == 1 ? "" : "s") without a known position left out by --near")
  }
}
