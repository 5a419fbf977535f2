import Foundation
import RoverTestSupport
import Testing

/// `rover gallery` end to end: the page's path alone on stdout, one summary or error line on stderr, the exit table.
@Suite struct GalleryCommandTests {
  func folder() throws -> URL {
    let root = try TestDirectory.make("rover-cli")
    let photos = root.appendingPathComponent("my photos/1000/MAST")
    try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
    try Self.jpeg.write(to: photos.appendingPathComponent("1.jpg"))
    let sidecar = """
      {"camera": {"name": "MAST", "full_name": "Mast Camera"}, "earth_date": "2015-05-30", "id": 1,
       "img_src": "https://mars.nasa.gov/1.jpg", "rover": {"name": "Curiosity"}, "sol": 1000}
      """
    try Data(sidecar.utf8).write(to: photos.appendingPathComponent("1.jpg.json"))
    return root
  }

  /// A real 16 x 12 JPEG (made by rover's own thumbnailer), so the test needs no image tool.
  static let jpeg = Data(base64Encoded: jpegBase64, options: .ignoreUnknownCharacters)!
  static let jpegBase64 = """
    /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYn
    KSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo
    KCgoKCgoKCj/wAARCAAMABADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUF
    BAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVW
    V1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi
    4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAEC
    AxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVm
    Z2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq
    8vP09fb3+Pn6/9oADAMBAAIRAxEAPwBf7MsP+fK1/wC/S/4Uf2ZYf8+Vr/36X/CrdFfH8z7n2XLHsf/Z
    """

  func expectOneLineError(_ result: RoverProcessResult, code: Int32, mentioning text: String) {
    #expect(result.exitCode == code, "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result)")
    #expect(lines.first?.hasPrefix("rover: ") == true, "\(result)")
    #expect(result.stderr.contains(text), "\(result)")
  }

  @Test func writesIndexAndPrintsOnlyItsPath() async throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let result = try await CLI.run(["gallery", "my photos"], currentDirectory: root)
    #expect(result.exitCode == 0, "\(result)")
    let page = root.appendingPathComponent("my photos/index.html").path
    #expect(result.stdout == page + "\n")
    #expect(result.stderr == "1 images, 1 with metadata\n")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("href=\"1000/MAST/1.jpg\""))
  }

  @Test func outputTitleAndThumbnails() async throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let arguments = ["gallery", "my photos", "-o", "mars.html", "--title", "Sol <1000>", "--thumbnails"]
    let first = try await CLI.run(arguments, currentDirectory: root)
    #expect(first.exitCode == 0, "\(first)")
    #expect(first.stdout == root.appendingPathComponent("mars.html").path + "\n")
    #expect(first.stderr.contains("thumbnails: 1 made, 0 reused, 0 removed"), "\(first)")
    let html = try String(contentsOf: root.appendingPathComponent("mars.html"), encoding: .utf8)
    #expect(html.contains("<title>Sol &lt;1000&gt;</title>"))
    #expect(html.contains("src=\"my%20photos/.thumbnails/"))
    let second = try await CLI.run(arguments, currentDirectory: root)
    #expect(second.stderr.contains("thumbnails: 0 made, 1 reused, 0 removed"), "\(second)")
  }

  /// Files refused for their declared size: one warning line naming them (escaped), the others still get thumbnails,
  /// and the page links to it full size.
  @Test func imageBombGetsOneLineNamingItAndKeepsItsLink() async throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let photos = root.appendingPathComponent("my photos")
    try ImageBomb.progressiveJPEG(width: 20000, height: 20000).write(
      to: photos.appendingPathComponent("b\u{1B}[2J.jpg"))
    try ImageBomb.png(width: 60000, height: 60000).write(to: photos.appendingPathComponent("huge.png"))
    let result = try await CLI.run(["gallery", "my photos", "--thumbnails"], currentDirectory: root)
    #expect(result.exitCode == 0, "\(result)")
    let lines = result.stderr.split(separator: "\n").map(String.init)
    // One warning for both (issue 37: not one line an image), each named with why.
    #expect(lines.count == 2, "\(result)")
    let limit = "pixels, over the limit of 100 megapixels"
    #expect(
      lines.first
        == "rover: warning: no thumbnail for 2 images (b\\x1B[2J.jpg: declares 20000x20000 \(limit); "
        + "huge.png: declares 60000x60000 \(limit)); they are shown full size", "\(lines)")
    #expect(lines.last == "3 images, 1 with metadata; thumbnails: 1 made, 0 reused, 0 removed, 2 failed")
    let html = try String(contentsOf: photos.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("<a class=\"photo\" href=\"huge.png\">"))
    #expect(html.contains("<a class=\"photo\" href=\"b%1B%5B2J.jpg\">"))
  }

  /// `gallery DIR -o out/` (issue 37, point 7): a trailing `/` names a folder, made when missing, the page inside.
  @Test func aTrailingSlashMakesTheFolder() async throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let result = try await CLI.run(["gallery", "my photos", "-o", "out/"], currentDirectory: root)
    #expect(result.exitCode == 0, "\(result)")
    var isFolder: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path, isDirectory: &isFolder))
    #expect(isFolder.boolValue, "out was written as a file")
    #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/index.html").path))
  }

  @Test func missingFolderIs66() async throws {
    let root = try TestDirectory.make("rover-cli")
    defer { try? FileManager.default.removeItem(at: root) }
    expectOneLineError(
      try await CLI.run(["gallery", "nope"], currentDirectory: root), code: 66, mentioning: "no such directory")
  }

  @Test func unwritablePageIs74() async throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(at: root) }
    expectOneLineError(
      try await CLI.run(["gallery", "my photos", "-o", "missing/dir/page.html"], currentDirectory: root), code: 74,
      mentioning: "missing/dir/page.html")
  }

  @Test(arguments: [
    (["gallery"], "dir"), (["gallery", ".", "--thumbnail-size", "10"], "--thumbnail-size"),
    (["gallery", ".", "--bogus"], "--bogus"),
  ])
  func badUsageIs64(arguments: [String], mentioning text: String) async throws {
    let root = try TestDirectory.make("rover-cli")
    defer { try? FileManager.default.removeItem(at: root) }
    expectOneLineError(try await CLI.run(arguments, currentDirectory: root), code: 64, mentioning: text)
  }
}
