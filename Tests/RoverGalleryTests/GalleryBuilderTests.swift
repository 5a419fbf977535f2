import Foundation
import Testing

@testable import RoverCore
@testable import RoverGallery

@Suite struct GalleryBuilderTests {
  @Test func writesIndexInTheFolderByDefault() async throws {
    let files = try GalleryTestFiles()
    defer { files.remove() }
    try files.photo("1000/MAST/1.jpg", id: .number(1), sol: 1000, camera: "MAST")
    try files.jpeg("loose.jpg")
    let report = try await GalleryBuilder(options: .init(directory: files.root)).run()
    let resolved = try GalleryScanner(directory: files.root).root.path
    #expect(report.page == files.root.appendingPathComponent("index.html").path)
    #expect(report.images == 2)
    #expect(report.withMetadata == 1)
    #expect(report.thumbnails == nil)
    let html = try String(contentsOfFile: resolved + "/index.html", encoding: .utf8)
    #expect(html.contains("href=\"1000/MAST/1.jpg\""))
    #expect(html.contains("<title>Mars rover photos: \(files.root.lastPathComponent)</title>"))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: resolved).filter { $0.hasPrefix(".index") }
    #expect(leftovers.isEmpty)
  }

  @Test func pageElsewhereLinksBackRelatively() async throws {
    let files = try GalleryTestFiles()
    defer { files.remove() }
    try files.photo("photos é/1000/MAST/1.jpg", id: .number(1), sol: 1000, camera: "MAST")
    try FileManager.default.createDirectory(at: files.url("site/pages"), withIntermediateDirectories: true)
    let options = GalleryBuilder.Options(
      directory: files.url("photos é"), output: files.url("site/pages/mars.html"), title: "T", thumbnails: true)
    let report = try await GalleryBuilder(options: options).run()
    #expect(report.page == files.url("site/pages/mars.html").path)
    #expect(report.thumbnails?.made == 1)
    let html = try String(contentsOf: files.url("site/pages/mars.html"), encoding: .utf8)
    #expect(html.contains("href=\"../../photos%20%C3%A9/1000/MAST/1.jpg\""))
    #expect(html.contains("src=\"../../photos%20%C3%A9/.thumbnails/"))
  }

  @Test func outputNamingAFolderWritesIndexInIt() async throws {
    let files = try GalleryTestFiles()
    defer { files.remove() }
    try files.jpeg("photos/a.jpg")
    try FileManager.default.createDirectory(at: files.url("out"), withIntermediateDirectories: true)
    let report = try await GalleryBuilder(
      options: .init(directory: files.url("photos"), output: files.url("out"))
    ).run()
    #expect(report.page == files.url("out/index.html").path)
    #expect(FileManager.default.fileExists(atPath: files.url("out/index.html").path))
  }

  @Test func missingOutputFolderCannotBeWritten() async throws {
    let files = try GalleryTestFiles()
    defer { files.remove() }
    try files.jpeg("a.jpg")
    let options = GalleryBuilder.Options(directory: files.root, output: files.url("no/such/page.html"))
    await #expect {
      try await GalleryBuilder(options: options).run()
    } throws: { error in
      guard case .cannotWrite(let path, _) = error as? GalleryError else { return false }
      return path == files.url("no/such/page.html").path
    }
  }

  @Test func rerunReplacesThePageInPlace() async throws {
    let files = try GalleryTestFiles()
    defer { files.remove() }
    try files.jpeg("a.jpg")
    _ = try await GalleryBuilder(options: .init(directory: files.root, title: "one")).run()
    _ = try await GalleryBuilder(options: .init(directory: files.root, title: "two")).run()
    let html = try String(contentsOf: files.url("index.html"), encoding: .utf8)
    #expect(html.contains("<title>two</title>"))
    let attributes = try FileManager.default.attributesOfItem(atPath: files.url("index.html").path)
    #expect((attributes[.posixPermissions] as? Int) == 0o644)
  }
}
