import Testing

@testable import RoverCore
@testable import RoverGallery

@Suite struct GalleryLayoutTests {
  func item(_ path: String, rover: String = "Curiosity", sol: Int, camera: String, id: String) -> GalleryItem {
    GalleryItem(
      path: path,
      metadata: GalleryMetadata(
        rover: rover, sol: sol, earthDate: "2015-05-30", camera: camera, id: id, source: "https://x/\(id)"))
  }

  @Test func groupsByRoverThenNewestSolThenCamera() {
    let layout = GalleryLayout(items: [
      item("a", sol: 1000, camera: "MAST", id: "1"),
      item("b", sol: 1002, camera: "FHAZ", id: "2"),
      item("c", sol: 1000, camera: "FHAZ", id: "3"),
      item("d", rover: "Perseverance", sol: 5, camera: "NAVCAM_LEFT", id: "4"),
      item("e", sol: 1002, camera: "CHEMCAM", id: "5"),
      item("f", rover: "curiosity lab", sol: 1, camera: "MAST", id: "6"),
    ])
    #expect(layout.rovers.map(\.name) == ["Curiosity", "curiosity lab", "Perseverance"])
    #expect(layout.rovers[0].sols.map(\.sol) == [1002, 1000])
    #expect(layout.rovers[0].sols[0].cameras.map(\.name) == ["CHEMCAM", "FHAZ"])
    #expect(layout.rovers[0].sols[1].cameras.map(\.name) == ["FHAZ", "MAST"])
    #expect(layout.rovers.map(\.count) == [4, 1, 1])
    #expect(layout.count == 6)
    #expect(layout.cameraNames == ["CHEMCAM", "FHAZ", "MAST", "NAVCAM_LEFT"])
  }

  @Test func photosInACameraAreInIdOrderWithNumbersAsNumbers() {
    let layout = GalleryLayout(items: [
      item("x/10.jpg", sol: 1, camera: "MAST", id: "10"),
      item("x/9.jpg", sol: 1, camera: "MAST", id: "9"),
      item("x/100.jpg", sol: 1, camera: "MAST", id: "100"),
    ])
    #expect(layout.rovers[0].sols[0].cameras[0].items.map(\.path) == ["x/9.jpg", "x/10.jpg", "x/100.jpg"])
  }

  @Test func imagesWithoutSidecarsAreListedByPath() {
    let layout = GalleryLayout(items: [
      GalleryItem(path: "b/img10.png"), GalleryItem(path: "B/img2.png"), item("c", sol: 1, camera: "M", id: "1"),
      GalleryItem(path: "a.jpg"),
    ])
    #expect(layout.unsorted.map(\.path) == ["a.jpg", "B/img2.png", "b/img10.png"])
    #expect(layout.count == 4)
  }

  @Test func aSolKeepsEveryEarthDateItsSidecarsGive() {
    var other = item("b", sol: 7, camera: "MAST", id: "2")
    other.metadata?.earthDate = "2015-05-31"
    let layout = GalleryLayout(items: [item("a", sol: 7, camera: "MAST", id: "1"), other])
    #expect(layout.rovers[0].sols[0].earthDates == ["2015-05-30", "2015-05-31"])
  }
}
