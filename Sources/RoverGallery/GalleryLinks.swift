import RoverCore

/// How the page reaches the images: relative URLs from the page's folder, so the two can move or be zipped together
/// and the page works from `file://`.
package struct GalleryLinks: Sendable {
  /// The image folder as seen from the page's folder, percent-encoded, with a trailing `/` unless it is the same one.
  package let prefix: String

  /// Both paths absolute and already resolved (no symlinks, no `.` or `..`).
  package init(imageFolder: String, pageFolder: String) {
    let relative = Self.relativePath(from: pageFolder, to: imageFolder)
    prefix = relative.isEmpty ? "" : HTMLText.urlPath(relative) + "/"
  }

  /// The full-size image.
  package func image(_ item: GalleryItem) -> String { prefix + HTMLText.urlPath(item.path) }

  /// The image's thumbnail, or the image itself when it has none.
  package func thumbnail(_ item: GalleryItem) -> String {
    guard let name = item.thumbnail else { return image(item) }
    return prefix + ThumbnailStore.directoryName + "/" + HTMLText.urlPath(name)
  }

  /// `/a/b/c` from `/a/x/y` is `../../b/c`; the same folder is the empty path.
  package static func relativePath(from base: String, to target: String) -> String {
    let from = base.split(separator: "/")
    let to = target.split(separator: "/")
    var common = 0
    while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
    let ups = Array(repeating: "..", count: from.count - common)
    return (ups + to[common...].map(String.init)).joined(separator: "/")
  }
}
