import RoverTestSupport
import Testing

@Suite("MockDataset")
struct MockDatasetTests {
  let dataset = MockDataset.standard

  @Test(
    "earth dates follow the services' formula (api-reference 1.6)",
    arguments: [
      ("2012-08-06", 1000, "2015-05-30"), ("2012-08-06", 1500, "2016-10-25"), ("2012-08-06", 4102, "2024-02-19"),
      ("2004-01-25", 5111, "2018-06-11"), ("2021-02-18", 868, "2023-07-29"), ("2012-08-06", 0, "2012-08-06"),
      ("2012-08-06", 1, "2012-08-07"), ("2012-08-06", 30, "2012-09-05"), ("2012-08-06", 100, "2012-11-16"),
      ("2012-08-06", 829, "2014-12-05"),
    ])
  func earthDate(landing: String, sol: Int, expected: String) {
    #expect(MockDataset.earthDate(landingDate: landing, sol: sol) == expected)
  }

  @Test("standard has the documented rovers, sols and counts")
  func standardShape() {
    #expect(dataset.rovers.map(\.name) == ["Curiosity", "Opportunity", "Spirit", "Perseverance"])
    #expect(dataset.rovers.map(\.id) == [5, 6, 7, 8])
    #expect(dataset.solsWithPhotos(rover: "curiosity") == [1000, 1001, 1002, 1004, 1007, 1010])
    #expect(
      [1000, 1001, 1002, 1004, 1007, 1010].map { dataset.photos(rover: "Curiosity", sol: $0).count }
        == [60, 25, 26, 3, 130, 7])
    #expect(dataset.photos(rover: "Curiosity", sol: 1003).isEmpty)
    #expect(dataset.maxSol(rover: "CURIOSITY") == 1010)
    #expect(dataset.totalPhotos(rover: "Curiosity") == 251)
    #expect(dataset.solsWithPhotos(rover: "Perseverance") == [100, 101])
    #expect(dataset.totalPhotos(rover: "Perseverance") == 242)
    #expect(dataset.totalPhotos(rover: "Spirit") == 9)
    #expect(dataset.maxSol(rover: "Opportunity") == nil)
    #expect(dataset.maxDate(rover: "Opportunity") == nil)
    #expect(dataset.totalPhotos(rover: "Opportunity") == 0)
    #expect(dataset.rover(named: "pluto") == nil)
    #expect(MockRover.curiosity.cameras.map(\.id) == Array(20...26))
    #expect(MockRover.perseverance.cameras.map(\.id) == [38, 39, 40, 41])
  }

  @Test("photo ids are unique, start at 100000, and photo(id:) finds each")
  func photoIDs() throws {
    let all = dataset.rovers.flatMap { dataset.allPhotos(rover: $0.name) }
    #expect(all.count == 251 + 242 + 9)
    #expect(Set(all.map(\.id)).count == all.count)
    #expect(all.map(\.id).min() == 100_000)
    let sample = try #require(all.last)
    #expect(dataset.photo(id: sample.id) == sample)
    #expect(dataset.photo(id: 1) == nil)
  }

  @Test("photos come in service order, camera id then photo id, and cameras cycle")
  func ordering() {
    let photos = dataset.photos(rover: "Curiosity", sol: 1000)
    let cameraIDs = Dictionary(uniqueKeysWithValues: MockRover.curiosity.cameras.map { ($0.name, $0.id) })
    let keys: [Int] = photos.map { (cameraIDs[$0.camera] ?? 0) * 10_000_000 + $0.id }
    #expect(keys == keys.sorted())
    #expect(photos.map(\.id) != photos.map(\.id).sorted(), "camera order differs from id order")
    #expect(photos.filter { $0.camera == "FHAZ" }.count == 9)
    #expect(dataset.photos(rover: "Curiosity", sol: 1004).map(\.camera) == ["FHAZ", "RHAZ", "MAST"])
    #expect(dataset.photos(rover: "curiosity", sol: 1000, camera: "mahli").allSatisfy { $0.camera == "MAHLI" })
    #expect(dataset.photos(rover: "Curiosity", sol: 1000, camera: "NOPE").isEmpty)
    #expect(dataset.cameraNames(rover: "Curiosity", sol: 1004) == ["FHAZ", "MAST", "RHAZ"])
  }

  @Test("earth-date lookup accepts Ruby's unpadded dates")
  func byEarthDate() {
    #expect(
      dataset.photos(rover: "Curiosity", earthDate: "2015-05-30") == dataset.photos(rover: "Curiosity", sol: 1000))
    #expect(dataset.photos(rover: "Curiosity", earthDate: "2015-6-3").count == 3)
    #expect(dataset.photos(rover: "Curiosity", earthDate: "2015-06-02").isEmpty, "sol 1003 has no photos")
  }

  @Test("a custom dataset keeps explicit img_src values")
  func custom() {
    var dataset = MockDataset(
      rovers: [.spirit],
      photosByRover: [
        "Spirit": [
          5: [MockPhoto(id: 7, sol: 5, rover: "Spirit", camera: "PANCAM", imgSrc: "http://dead.example/x.JPG")]
        ]
      ])
    dataset.imageSize = 10
    #expect(dataset.photo(id: 7)?.imgSrc == "http://dead.example/x.JPG")
    #expect(dataset.photo(id: 7)?.imagePath == "/images/spirit/5/7.jpg")
    #expect(dataset.maxSol(rover: "spirit") == 5)
  }
}
