import Foundation
import Testing

@testable import RoverCore
@testable import RoverGallery

@Suite struct ThumbnailStoreTests {
  func thumbnails(_ files: GalleryTestFiles) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: files.url(".thumbnails").path).sorted()
  }

  @Test func largeJPEGAndPNGBecomeSmallJPEGs() async throws {
    let files = try GalleryTestFiles()
    defer { files.remove() }
    try files.jpeg("big.jpg", width: 1600, height: 1200)
    try files.png("wide.png", width: 1000, height: 250)
    try files.jpeg("small.jpg", width: 100, height: 80)
    var items = try files.scan()
    let store = ThumbnailStore(root: try GalleryScanner(directory: files.root).root)
    let report = try await store.update(&items)
    #expect(report == ThumbnailStore.Report(made: 3, reused: 0, removed: 0, failed: []))
    let sizes = try items.map { item -> [Int] in
      let name = try #require(item.thumbnail)
      let data = try Data(contentsOf: files.url(".thumbnails/\(name)"))
      let size = try #require(jpegSize(data))
      return [size.width, size.height]
    }
    #expect(sizes == [[320, 240], [100, 80], [320, 80]])
  }

  @Test func secondRunReusesAndGoneImagesLoseTheirThumbnails() async throws {
    let files = try GalleryTestFiles()
    defer { files.remove() }
    try files.jpeg("a.jpg")
    try files.jpeg("b.jpg")
    try files.write(".thumbnails/notes.txt", Data("mine".utf8))
    let store = ThumbnailStore(root: try GalleryScanner(directory: files.root).root)
    var first = try files.scan()
    _ = try await store.update(&first)
    let made = try thumbnails(files)
    #expect(made.count == 3)

    var second = try files.scan()
    #expect(try await store.update(&second) == ThumbnailStore.Report(made: 0, reused: 2, removed: 0))
    #expect(second.map(\.thumbnail) == first.map(\.thumbnail))

    try FileManager.default.removeItem(at: files.url("b.jpg"))
    var third = try files.scan()
    #expect(try await store.update(&third) == ThumbnailStore.Report(made: 0, reused: 1, removed: 1))
    #expect(try thumbnails(files) == [first[0].thumbnail!, "notes.txt"].sorted())
  }

  @Test func changedImageGetsANewThumbnail() async throws {
    let files = try GalleryTestFiles()
    defer { files.remove() }
    try files.jpeg("a.jpg", width: 64, height: 48)
    let store = ThumbnailStore(root: try GalleryScanner(directory: files.root).root)
    var before = try files.scan()
    _ = try await store.update(&before)
    try files.jpeg("a.jpg", width: 48, height: 64)
    var after = try files.scan()
    #expect(try await store.update(&after) == ThumbnailStore.Report(made: 1, reused: 0, removed: 1))
    #expect(after[0].thumbnail != before[0].thumbnail)
    let data = try Data(contentsOf: files.url(".thumbnails/\(after[0].thumbnail!)"))
    #expect(jpegSize(data).map { [$0.width, $0.height] } == [48, 64])
  }

  @Test func brokenImageIsReportedAndKeepsNoThumbnail() async throws {
    let files = try GalleryTestFiles()
    defer { files.remove() }
    try files.jpeg("good.jpg")
    try files.write("broken.jpg", Data("<html>not an image</html>".utf8))
    try files.write("empty.png", Data())
    var items = try files.scan()
    let report = try await ThumbnailStore(root: try GalleryScanner(directory: files.root).root).update(&items)
    #expect(report.made == 1)
    #expect(report.failed.map(\.path) == ["broken.jpg", "empty.png"])
    #expect(report.failed[0].reason == "neither a JPEG nor a PNG")
    #expect(items.map { $0.thumbnail != nil } == [false, false, true])
  }

  /// An image linked from inside the folder (which the scanner lists) gets its thumbnail from where the link
  /// points; the reader itself never opens a link.
  @Test func aLinkedImageInsideTheFolderGetsAThumbnail() async throws {
    let files = try GalleryTestFiles()
    defer { files.remove() }
    try files.jpeg("sol/real.jpg")
    try files.symlink("link.jpg", to: "sol/real.jpg")
    var items = try files.scan()
    let report = try await ThumbnailStore(root: try GalleryScanner(directory: files.root).root).update(&items)
    #expect(report.failed.isEmpty, "\(report.failed)")
    #expect(report.made == 2)
    #expect(items.allSatisfy { $0.thumbnail != nil })
  }

  @Test func thumbnailFolderSymlinkIsNotFollowed() async throws {
    let files = try GalleryTestFiles()
    let outside = try GalleryTestFiles()
    defer {
      files.remove()
      outside.remove()
    }
    try files.jpeg("a.jpg")
    try files.symlink(".thumbnails", to: outside.root.path)
    var items = try files.scan()
    let store = ThumbnailStore(root: try GalleryScanner(directory: files.root).root)
    await #expect(throws: GalleryError.self) { try await store.update(&items) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.root.path).isEmpty)
  }

  @Test func abandonedTemporariesAreRemovedRecentOnesKept() async throws {
    let files = try GalleryTestFiles()
    defer { files.remove() }
    try files.jpeg("a.jpg")
    let old = try files.write(".thumbnails/.0123456789abcdef.jpg.Ab12Cd", Data("half".utf8))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: old.path)
    try files.write(".thumbnails/.fedcba9876543210.jpg.Zz99Yy", Data("in progress".utf8))
    var items = try files.scan()
    _ = try await ThumbnailStore(root: try GalleryScanner(directory: files.root).root).update(&items)
    let left = try thumbnails(files).filter { $0.hasPrefix(".") }
    #expect(left == [".fedcba9876543210.jpg.Zz99Yy"])
  }

  @Test func namesDependOnPathSizeTimeAndThumbnailSize() {
    let store = ThumbnailStore(root: URL(fileURLWithPath: "/p"))
    let item = GalleryItem(path: "a.jpg", bytes: 10, modified: 20)
    let name = store.name(for: item)
    #expect(ThumbnailStore.isThumbnailName(name))
    #expect(name == store.name(for: item))
    #expect(name != store.name(for: GalleryItem(path: "b.jpg", bytes: 10, modified: 20)))
    #expect(name != store.name(for: GalleryItem(path: "a.jpg", bytes: 11, modified: 20)))
    #expect(name != store.name(for: GalleryItem(path: "a.jpg", bytes: 10, modified: 21)))
    #expect(name != ThumbnailStore(root: URL(fileURLWithPath: "/p"), maxSide: 200).name(for: item))
    #expect(!ThumbnailStore.isThumbnailName("0123456789ABCDEF.jpg"))
    #expect(!ThumbnailStore.isThumbnailName("notes.txt"))
  }
}
