import Foundation
import Testing

@testable import RoverCore
@testable import RoverGallery

@Suite struct GalleryScannerTests {
  @Test func findsImagesAndReadsTheirSidecars() throws {
    let files = try GalleryTestFiles()
    defer { files.remove() }
    try files.photo("1000/MAST/102693.jpg", id: .number(102_693), sol: 1000, camera: "MAST", fullName: "Mast Camera")
    try files.photo("1000/FHAZ/NLF_1.png", id: .text("NLF_1"), sol: 1000, camera: "FHAZ")
    try files.jpeg("loose/no sidecar.JPEG")
    let items = try files.scan()
    #expect(items.map(\.path) == ["1000/FHAZ/NLF_1.png", "1000/MAST/102693.jpg", "loose/no sidecar.JPEG"])
    let mast = try #require(items[1].metadata)
    #expect(
      mast
        == GalleryMetadata(
          rover: "Curiosity", sol: 1000, earthDate: "2015-05-30", camera: "MAST", cameraFullName: "Mast Camera",
          id: "102693", source: "https://mars.nasa.gov/raw/x.jpg"))
    #expect(items[0].metadata?.id == "NLF_1")
    #expect(items[2].metadata == nil)
    #expect(items.allSatisfy { $0.bytes > 0 && $0.modified > 0 })
  }

  @Test func downloadLeftoversAndHiddenFoldersAreIgnored() throws {
    let files = try GalleryTestFiles()
    defer { files.remove() }
    try files.jpeg("a.jpg")
    try files.write(".rover-downloads.tsv", Data("id\tpath\n".utf8))
    try files.write(".a.jpg.8f3a.part", Data("partial".utf8))
    try files.jpeg(".thumbnails/0123456789abcdef.jpg")
    try files.jpeg(".hidden/b.jpg")
    try files.write("notes.txt", Data("x".utf8))
    try files.write("index.html", Data("<html>".utf8))
    #expect(try files.scan().map(\.path) == ["a.jpg"])
  }

  /// Names that are not UTF-8 and subfolders that cannot be read are left out, and said, never in silence.
  @Test func whatIsLeftOutIsSaid() throws {
    let files = try GalleryTestFiles()
    defer { files.remove() }
    try files.jpeg("good.jpg")
    // `bad<FF>.jpg`: one byte that is no UTF-8.
    let path = Array(files.root.path.utf8) + Array("/bad".utf8) + [0xFF] + Array(".jpg".utf8) + [0]
    let created = path.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { creat($0.baseAddress!, 0o644) }
    #expect(created >= 0)
    if created >= 0 { close(created) }
    try files.jpeg("locked/inside.jpg")
    chmod(files.root.path + "/locked", 0)
    defer { chmod(files.root.path + "/locked", 0o755) }
    var skipped: [String] = []
    let items = try GalleryScanner(directory: files.root).scan(skipped: &skipped)
    #expect(items.map(\.path).contains("good.jpg"))
    #expect(skipped.contains("1 name in . not in UTF-8"), "\(skipped)")
    // Root reads every folder: the locked one is only checked where permissions apply.
    if getuid() != 0 { #expect(skipped.contains { $0.contains("locked") }, "\(skipped)") }
  }

  @Test func symlinkedFolderOutsideIsNotFollowed() throws {
    let files = try GalleryTestFiles()
    let outside = try GalleryTestFiles()
    defer {
      files.remove()
      outside.remove()
    }
    try outside.photo("secret/x.jpg", id: .number(1), sol: 1, camera: "MAST")
    try files.jpeg("a.jpg")
    try files.symlink("linked", to: outside.url("secret").path)
    try files.symlink("loop", to: files.root.path)
    #expect(try files.scan().map(\.path) == ["a.jpg"])
  }

  @Test func symlinkedImageCountsOnlyInsideTheFolder() throws {
    let files = try GalleryTestFiles()
    let outside = try GalleryTestFiles()
    defer {
      files.remove()
      outside.remove()
    }
    try outside.jpeg("x.jpg")
    try files.jpeg("real/a.jpg")
    try files.symlink("inside.jpg", to: files.url("real/a.jpg").path)
    try files.symlink("outside.jpg", to: outside.url("x.jpg").path)
    try files.symlink("dangling.jpg", to: files.url("gone.jpg").path)
    #expect(try files.scan().map(\.path) == ["inside.jpg", "real/a.jpg"])
  }

  @Test func symlinkedSidecarIsNotRead() throws {
    let files = try GalleryTestFiles()
    let outside = try GalleryTestFiles()
    defer {
      files.remove()
      outside.remove()
    }
    try outside.photo("x.jpg", id: .number(1), sol: 1, camera: "MAST")
    try files.jpeg("x.jpg")
    try files.symlink("x.jpg.json", to: outside.url("x.jpg.json").path)
    #expect(try files.scan().map(\.metadata) == [nil])
  }

  @Test func unreadableOrForeignSidecarStillListsTheImage() throws {
    let files = try GalleryTestFiles()
    defer { files.remove() }
    try files.jpeg("a.jpg")
    try files.write("a.jpg.json", Data("{not json".utf8))
    try files.jpeg("b.jpg")
    try files.write("b.jpg.json", Data(#"{"hello": "world"}"#.utf8))
    try files.jpeg("c.jpg")
    try files.write("c.jpg.json", Data(repeating: 0x20, count: GalleryScanner.maximumSidecarBytes + 1))
    let items = try files.scan()
    #expect(items.map(\.path) == ["a.jpg", "b.jpg", "c.jpg"])
    #expect(items.allSatisfy { $0.metadata == nil })
  }

  @Test func missingFolderOrFileIsDirectoryNotFound() throws {
    let files = try GalleryTestFiles()
    defer { files.remove() }
    let missing = files.url("nope")
    #expect(throws: GalleryError.directoryNotFound(path: missing.path)) {
      try GalleryScanner(directory: missing)
    }
    let file = try files.jpeg("a.jpg")
    #expect(throws: GalleryError.directoryNotFound(path: file.path)) { try GalleryScanner(directory: file) }
  }

  @Test(arguments: [
    ("a.jpg", true), ("a.JPEG", true), ("a.Png", true), ("a.gif", false), (".a.jpg", false),
    ("jpg", false), ("a.jpg.json", false),
  ])
  func imageNames(name: String, isImage: Bool) {
    #expect(GalleryScanner.isImage(name) == isImage)
  }
}
