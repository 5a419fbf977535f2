import Foundation
import Testing

@testable import RoverCore
@testable import RoverGallery

@Suite struct GalleryPageTests {
  func item(
    _ path: String, rover: String = "Curiosity", sol: Int = 1000, camera: String = "MAST", id: String = "1",
    date: String = "2015-05-30", fullName: String? = "Mast Camera", source: String = "https://mars.nasa.gov/a.jpg"
  ) -> GalleryItem {
    GalleryItem(
      path: path,
      metadata: GalleryMetadata(
        rover: rover, sol: sol, earthDate: date, camera: camera, cameraFullName: fullName, id: id, source: source))
  }

  func render(_ items: [GalleryItem], title: String = "Mars", links: GalleryLinks? = nil) throws -> String {
    var html = ""
    let page = GalleryPage(
      title: title, layout: GalleryLayout(items: items),
      links: links ?? GalleryLinks(imageFolder: "/p", pageFolder: "/p"))
    try page.render(into: &html)
    return html
  }

  /// The page without its own style and script, where sidecar text would have to hide.
  func body(_ html: String) -> String {
    let start = html.range(of: "<body>")!.upperBound
    let end = html.range(of: "<script>", options: .backwards)!.lowerBound
    return String(html[start..<end])
  }

  @Test func hostileSidecarTextIsEscapedEverywhere() throws {
    let hostile = "<script>alert(1)</script>\"'</style>\u{202E}"
    let html = try render(
      [
        item(
          "a.jpg", rover: hostile, camera: hostile, id: hostile, date: hostile, fullName: hostile,
          source: "https://x/\"><script>")
      ], title: hostile)
    #expect(!html.contains("<script>alert"))
    #expect(!html.contains("</style>\""))
    #expect(!html.contains("\u{202E}"))
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&lt;/style&gt;\u{FFFD}"))
    // The one <script> and one <style> are the page's own.
    #expect(html.components(separatedBy: "<script").count == 2)
    #expect(html.components(separatedBy: "<style").count == 2)
    #expect(html.components(separatedBy: "</style>").count == 2)
    #expect(!html.contains("href=\"https://x/\""))
  }

  @Test func javascriptSourceURLIsNotLinked() throws {
    let html = try render([item("a.jpg", source: "javascript:alert(1)")])
    #expect(!html.contains("javascript:"))
    #expect(!html.contains("class=\"src\""))
  }

  @Test func groupsAppearByRoverThenNewestSolThenCamera() throws {
    let html = body(
      try render([
        item("c1.jpg", sol: 1000, camera: "MAST", id: "1"),
        item("c2.jpg", sol: 1001, camera: "NAVCAM", id: "2"),
        item("c3.jpg", sol: 1001, camera: "FHAZ", id: "3"),
        item("p1.jpg", rover: "Perseverance", sol: 3, camera: "SKYCAM", id: "4"),
        GalleryItem(path: "loose.png"),
      ]))
    let main = String(html[html.range(of: "<main>")!.lowerBound...])
    let order = [
      "id=\"rover-curiosity\"", "id=\"curiosity-sol-1001\"", "FHAZ", "NAVCAM", "id=\"curiosity-sol-1000\"",
      "MAST", "id=\"rover-perseverance\"", "SKYCAM", "id=\"unsorted\"", "loose.png",
    ]
    let positions = order.map { main.range(of: $0)?.lowerBound }
    #expect(positions.allSatisfy { $0 != nil }, "\(order) in \(main)")
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    // Counts per group and in the jump list.
    #expect(html.contains("Curiosity</a> <span class=\"count\">3</span>"))
    #expect(html.contains("Sol 1001</a> <span class=\"date\">2015-05-30</span> <span class=\"count\">2</span>"))
    #expect(html.contains("<a href=\"#curiosity-sol-1000\">Sol 1000</a> <span class=\"count\">1</span>"))
  }

  @Test func everyTileIsALinkToTheImageAroundALazyThumbnail() throws {
    let html = try render([
      item("1000/MAST/1.jpg", id: "1"),
      GalleryItem(path: "misc/ünï #1?.png", thumbnail: "00000000000000ff.jpg"),
    ])
    #expect(
      html.contains(
        "<li class=\"tile\" id=\"photo-1\"><a class=\"photo\" href=\"1000/MAST/1.jpg\"><img src=\"1000/MAST/1.jpg\""))
    #expect(
      html.contains(
        "<a class=\"photo\" href=\"misc/%C3%BCn%C3%AF%20%231%3F.png\"><img src=\".thumbnails/00000000000000ff.jpg\""))
    #expect(html.components(separatedBy: "<img ").count - 1 == 3)  // two tiles and the viewer
    #expect(html.components(separatedBy: "loading=\"lazy\"").count - 1 == 2)
    #expect(html.contains("<span class=\"meta\"><b class=\"cam\">MAST</b> <span>sol 1000</span> <span>2015-05-30"))
  }

  @Test func pageAskesNoNetworkForAnything() throws {
    let html = try render([item("a.jpg")])
    #expect(html.contains("Content-Security-Policy\" content=\"default-src 'none'; img-src 'self' file:;"))
    for attribute in ["src", "href"] {
      var rest = Substring(html)
      while let range = rest.range(of: " \(attribute)=\"") {
        rest = rest[range.upperBound...]
        let value = rest.prefix { $0 != "\"" }
        // The one remote address is the plain "source" link, which only a click follows.
        if value.hasPrefix("http") {
          #expect(attribute == "href" && value == "https://mars.nasa.gov/a.jpg")
        }
        #expect(!value.hasPrefix("//"))
      }
    }
    #expect(html.contains("class=\"src\" href=\"https://mars.nasa.gov/a.jpg\" rel=\"noreferrer noopener external\""))
  }

  @Test func duplicatePhotoIdsGetDistinctFragments() throws {
    let html = try render([item("a.jpg", id: "7"), item("copy/a.jpg", id: "7")])
    #expect(html.contains("id=\"photo-7\""))
    #expect(html.contains("id=\"photo-7-2\""))
  }

  @Test func emptyFolderSaysSo() throws {
    let html = try render([])
    #expect(html.contains("No JPEG or PNG images in this folder."))
    #expect(html.contains("</html>"))
  }

  @Test func cameraFilterKeysAreLowercasedNameAndFullName() throws {
    let html = try render([item("a.jpg", camera: "NAVCAM_LEFT", fullName: "Navigation Camera - Left")])
    #expect(html.contains("data-camera=\"navcam_left navigation camera - left\""))
    #expect(html.contains("<option value=\"NAVCAM_LEFT\">"))
    #expect(html.contains("placeholder=\"e.g. NAVCAM_LEFT\""))
  }
}

/// Each caption shows LMST, site/drive and sequence where the sidecar has them, escaped.
@Suite struct GalleryFrameCaptionTests {
  @Test func marsTimePlaceAndSequenceAreShownAndEscaped() {
    var metadata = GalleryMetadata(
      rover: "Perseverance", sol: 60, earthDate: "2021-04-21", camera: "NAVCAM_LEFT", id: "x", source: "")
    #expect(GalleryPage.frameCaption(metadata).isEmpty)
    metadata.lmst = "13:19:27.044"
    metadata.site = 3
    metadata.drive = 1950
    metadata.sequence = "NCAM<b>"
    let caption = GalleryPage.frameCaption(metadata)
    #expect(caption.contains("LMST 13:19:27"))
    #expect(caption.contains("site 3 drive 1950"))
    #expect(caption.contains("NCAM&lt;b&gt;"))
    #expect(!caption.contains("<b>"))
  }
}

/// The map: drawn from the sidecars' positions only, a marker per place, tiles tagged with their place.
@Suite struct GalleryMapTests {
  private func located(_ path: String, drive: Int, lon: Double, lat: Double) throws -> GalleryItem {
    var photo = Photo(
      id: .text(path), sol: 1110, camera: Camera(name: "NAVCAM_LEFT"), imageSource: "https://mars.nasa.gov/\(path)",
      earthDate: try #require(CalendarDate(strict: "2024-04-05")), rover: Rover(name: "Perseverance"))
    photo.metadata.site = 51
    photo.metadata.drive = drive
    photo.position = Position(longitude: lon, latitude: lat, elevation: nil, method: .localized)
    return GalleryItem(path: path, metadata: GalleryMetadata(photo))
  }

  @Test func tracesThePlacesInSiteDriveOrder() throws {
    let items = [
      try located("a.jpg", drive: 2578, lon: 77.32354257, lat: 18.49098915),
      try located("b.jpg", drive: 1590, lon: 77.32537352, lat: 18.49081173),
      try located("c.jpg", drive: 2578, lon: 77.32354257, lat: 18.49098915),
      GalleryItem(path: "unplaced.jpg"),
    ]
    let layout = GalleryLayout(items: items)
    let map = GalleryMap(layout)
    #expect(map.places.map(\.key) == ["77.325374,18.490812", "77.323543,18.490989"])
    #expect(map.places.map(\.count) == [1, 2])
    #expect(map.place(of: "c.jpg") == "77.323543,18.490989" && map.place(of: "unplaced.jpg") == nil)
    var html = ""
    try GalleryPage(title: "t", layout: layout, links: GalleryLinks(imageFolder: "/p", pageFolder: "/p"))
      .render(into: &html)
    #expect(html.components(separatedBy: "class=\"marker\"").count == 3)
    #expect(html.contains("<polyline class=\"traverse\""))
    #expect(html.components(separatedBy: "data-place=\"77.323543,18.490989\"").count == 4)  // marker + 2 tiles
    #expect(!html.contains("http://") && !html.contains("https://tile"))
  }

  @Test func noPositionsNoMap() throws {
    var html = ""
    let layout = GalleryLayout(items: [GalleryItem(path: "x.jpg")])
    try GalleryPage(title: "t", layout: layout, links: GalleryLinks(imageFolder: "/p", pageFolder: "/p"))
      .render(into: &html)
    #expect(!html.contains("<svg") && !html.contains(#"id="map-all""#))
  }
}
