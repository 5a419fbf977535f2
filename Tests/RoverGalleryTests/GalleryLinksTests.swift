import Testing

@testable import RoverCore
@testable import RoverGallery

@Suite struct GalleryLinksTests {
  @Test(arguments: [
    ("/a/b", "/a/b", ""),
    ("/a/b", "/a/b/photos", "photos"),
    ("/home/me", "/work/photos", "../../work/photos"),
    ("/a/b/c", "/a", "../.."),
    ("/", "/srv/x", "srv/x"),
  ])
  func relativePathBetweenFolders(from: String, to: String, expected: String) {
    #expect(GalleryLinks.relativePath(from: from, to: to) == expected)
  }

  @Test func pageElsewhereLinksThroughAnEncodedPrefix() {
    let links = GalleryLinks(imageFolder: "/data/Mars photos é", pageFolder: "/home/me")
    #expect(links.prefix == "../../data/Mars%20photos%20%C3%A9/")
    let item = GalleryItem(path: "1000/MAST/a #1.jpg")
    #expect(links.image(item) == "../../data/Mars%20photos%20%C3%A9/1000/MAST/a%20%231.jpg")
    #expect(links.thumbnail(item) == links.image(item))
    let thumbnailed = GalleryItem(path: "x.jpg", thumbnail: "0123456789abcdef.jpg")
    #expect(links.thumbnail(thumbnailed) == "../../data/Mars%20photos%20%C3%A9/.thumbnails/0123456789abcdef.jpg")
  }

  @Test func pageInTheFolderLinksDirectly() {
    let links = GalleryLinks(imageFolder: "/p", pageFolder: "/p")
    #expect(links.image(GalleryItem(path: "a.jpg")) == "a.jpg")
  }
}
