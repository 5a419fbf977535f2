import Foundation
import RoverCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `rover gallery`: scan a folder, make thumbnails if asked, and write one HTML page that browses it.
package struct GalleryBuilder: Sendable {
  package struct Options: Sendable {
    /// The folder of images.
    package var directory: URL
    /// The page to write; `DIR/index.html` when nil, `FILE/index.html` when it names a folder.
    package var output: URL?
    package var title: String?
    package var thumbnails: Bool
    package var thumbnailSize: Int

    package init(
      directory: URL, output: URL? = nil, title: String? = nil, thumbnails: Bool = false, thumbnailSize: Int = 320
    ) {
      self.directory = directory
      self.output = output
      self.title = title
      self.thumbnails = thumbnails
      self.thumbnailSize = thumbnailSize
    }
  }

  /// What a run wrote.
  package struct Report: Sendable {
    /// The page's absolute path.
    package var page: String
    package var images: Int
    package var withMetadata: Int
    package var thumbnails: ThumbnailStore.Report?
    /// What the scan left out and why (unreadable subfolders, names not in UTF-8).
    package var skipped: [String] = []
  }

  package let options: Options

  package init(options: Options) { self.options = options }

  /// Makes the page. `progress` gets (done, total) while thumbnails are made.
  package func run(progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> Report {
    let scanner = try GalleryScanner(directory: options.directory)
    let page = try pagePath(root: scanner.root)
    var skipped: [String] = []
    var items = try scanner.scan(skipped: &skipped)
    var thumbnails: ThumbnailStore.Report?
    if options.thumbnails {
      let store = ThumbnailStore(root: scanner.root, maxSide: options.thumbnailSize)
      thumbnails = try await store.update(&items, progress: progress)
    }
    let layout = GalleryLayout(items: consume items)
    let links = GalleryLinks(
      imageFolder: scanner.root.path, pageFolder: URL(fileURLWithPath: page.resolved).deletingLastPathComponent().path)
    let title = options.title ?? "Mars rover photos: \(scanner.root.lastPathComponent)"
    var file = try GalleryFile(destination: page.resolved)
    do {
      try GalleryPage(title: title, layout: layout, links: links).render(into: &file)
      try file.commit()
    } catch {
      file.discard()
      throw error
    }
    let withMetadata = layout.count - layout.unsorted.count
    return Report(
      page: page.shown, images: layout.count, withMetadata: withMetadata, thumbnails: thumbnails, skipped: skipped)
  }

  /// The page as the user named it and with its folder resolved; that folder must exist, but for a folder named
  /// with a trailing `/` (`-o out/`), which is made, as `cp` and `curl --create-dirs` would: a file named `out`
  /// was never what was meant.
  func pagePath(root: URL) throws -> (shown: String, resolved: String) {
    var page = options.output?.standardizedFileURL ?? root.appendingPathComponent("index.html")
    var info = stat()
    let isFolder = stat(page.path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    if let output = options.output, isFolder || output.hasDirectoryPath {
      if !isFolder {
        do { try FileManager.default.createDirectory(at: page, withIntermediateDirectories: true) } catch {
          throw GalleryError.cannotWrite(path: page.path, reason: SystemError.text(error))
        }
      }
      page = page.appendingPathComponent("index.html")
    }
    let folder = page.deletingLastPathComponent().path
    guard let resolved = realpath(folder, nil) else {
      throw GalleryError.cannotWrite(path: page.path, reason: String(cString: strerror(errno)))
    }
    defer { free(resolved) }
    let resolvedFolder = String(cString: resolved)
    let name = page.lastPathComponent
    return (page.path, (resolvedFolder == "/" ? "" : resolvedFolder) + "/" + name)
  }
}
