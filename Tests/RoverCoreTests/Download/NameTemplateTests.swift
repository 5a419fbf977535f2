import Foundation
import Testing

@testable import RoverCore

/// Names from templates: the file name and extension taken from the image URL by bytes, every value sanitised.
@Suite struct NameTemplateTests {
  static func photo(_ url: String, camera: String = "FHAZ", id: PhotoID = .number(7)) -> Photo {
    Photo(
      id: id, sol: 1000, camera: Camera(name: camera), imageSource: url,
      earthDate: CalendarDate(year: 2015, month: 5, day: 30)!, rover: Rover(name: "Curiosity", status: .active))
  }

  @Test(arguments: [
    ("http://h/a/b/FLB_1.JPG", "FLB_1.JPG", "jpg"),
    ("https://h/x/b%20c.PNG?size=3#top", "b c.PNG", "png"),
    ("http://h", "image.jpg", "jpg"),
    ("http://h/", "image.jpg", "jpg"),
    ("http://h/dir/noextension", "noextension", "jpg"),
    ("http://h/d/name.toolongext", "name.toolongext.jpg", "jpg"),
    // Only JPEG and PNG bodies are kept: a page's or a program's extension never ends a name.
    ("images/local.gif", "local.gif.jpg", "jpg"),
    ("http://h/evil.html", "evil.html.jpg", "jpg"),
    ("http://h/run.exe?x=1", "run.exe.jpg", "jpg"),
  ])
  func fileNameAndExtensionFromTheURL(url: String, filename: String, ext: String) throws {
    #expect(try NameTemplate("{filename}").path(for: Self.photo(url)) == filename)
    #expect(try NameTemplate("x.{ext}").path(for: Self.photo(url)) == "x.\(ext)")
  }

  @Test func everyPlaceholderAndSanitising() throws {
    let photo = Self.photo("http://h/p/NLB_1_F.jpg", camera: "../A:B", id: .text("id/../x"))
    let template = try NameTemplate("{rover}/{sol}/{earth_date}/{camera}/{id}_{product}.{ext}")
    #expect(template.path(for: photo) == "curiosity/1000/2015-05-30/_A_B/id_.._x_NLB_1_F.jpg")
    #expect(try NameTemplate("{camera}").path(for: Self.photo("http://h/a.jpg", camera: " .hidden ")) == "hidden")
    #expect(try NameTemplate().path(for: Self.photo("http://h/a.jpg")) == "curiosity_1000_FHAZ_7.jpg")
  }

  /// A URL piped in has no rover, sol or camera: the default names it after its file, a pattern given names it as
  /// asked; a photo with all its fields keeps the default's usual name.
  @Test func defaultNamesAPhotoKnownOnlyByURLAfterItsFile() throws {
    let url = "http://h/images/NLB_4_F.JPG"
    let piped = try #require(PhotoInput.photo(fromURL: url))
    #expect(NameTemplate.default.path(for: piped) == "NLB_4_F.JPG")
    #expect(try NameTemplate().path(for: piped) == "NLB_4_F.JPG")
    #expect(try NameTemplate("{rover}-{filename}").path(for: piped) == "unknown-NLB_4_F.JPG")
    #expect(NameTemplate.default.path(for: Self.photo(url)) == "curiosity_1000_FHAZ_7.jpg")
  }

  /// Two versions of one Perseverance frame share the feed's id: `{id}` alone cannot tell them apart, `{version}` can.
  @Test func versionsOfOneFrameNeedTheVersionInTheName() throws {
    let id = PhotoID.text("NLF_0060_0672265800_237EBY_N0032046NCAM00410_00_0LLJ")
    let base = "https://mars.nasa.gov/mars2020-raw-images/pub/ods/surface/sol/00060/ids/edr/browse/ncam/"
    let versions = ["01", "03"].map { version in
      Photo(
        id: id, sol: 60, camera: Camera(name: "NAVCAM_LEFT"),
        imageSource: base + id.description + version + "_1200.jpg",
        earthDate: CalendarDate(year: 2021, month: 4, day: 21)!, rover: Rover(name: "Perseverance", status: .active))
    }
    #expect(throws: DownloadError.self) { try NameTemplate.default.checkDistinguishes(versions) }
    do {
      try NameTemplate.default.checkDistinguishes(versions)
    } catch {
      #expect(error.localizedDescription.contains("{version}"))
    }
    try NameTemplate("{rover}_{sol}_{camera}_{id}_{version}.{ext}").checkDistinguishes(versions)
    try NameTemplate("{filename}").checkDistinguishes(versions)
    // The same photo twice is no clash.
    try NameTemplate.default.checkDistinguishes([versions[0], versions[0]])
  }

  /// A camera name of 170 bytes used to push `{id}` past the cut: every photo of that camera got one name, which
  /// `--dry-run` passed. The cut keeps a hash of the whole name, and the check runs on the final names.
  @Test func aLongCameraNameDoesNotCutTheIDOff() throws {
    let camera = String(repeating: "C", count: 170)
    let photos = (1...3).map { Self.photo("http://h/p/\($0).jpg", camera: camera, id: .number($0)) }
    let names = photos.map { NameTemplate.default.path(for: $0) }
    #expect(Set(names).count == 3, "\(names)")
    #expect(names.allSatisfy { $0.utf8.count <= FileNameSanitizer.maxComponentBytes && $0.hasSuffix(".jpg") })
    try NameTemplate.default.checkDistinguishes(photos)
  }

  /// Two ids the template tells apart that still meet once sanitised are a clash before anything is fetched.
  @Test func idsThatMeetOnceSanitisedAreAClash() throws {
    let photos = [Self.photo("http://h/1.jpg", id: .text("a/b")), Self.photo("http://h/2.jpg", id: .text("a_b"))]
    #expect(throws: DownloadError.self) { try NameTemplate.default.checkDistinguishes(photos) }
  }
}
