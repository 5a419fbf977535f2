import Testing

@testable import RoverTestSupport

@Suite("MockPaging")
struct MockPagingTests {
  let photos = (0..<60).map { MockPhoto(id: $0, sol: 1, rover: "Curiosity", camera: "FHAZ") }

  @Test(
    "original (Kaminari) rules",
    arguments: [
      (nil, nil, 60, 0), (nil, "10", 60, 0), ("1", nil, 25, 0), ("2", nil, 25, 25), ("3", nil, 10, 50),
      ("4", nil, 0, 0), ("0", nil, 25, 0), ("-2", nil, 25, 0), ("junk", nil, 25, 0), ("2abc", nil, 25, 25),
      ("1", "30", 30, 0), ("2", "30", 30, 30), ("1", "100", 60, 0), ("1", "0", 0, 0), ("1", "-5", 25, 0),
      ("1", "x", 25, 0),
    ] as [(String?, String?, Int, Int)])
  func original(page: String?, perPage: String?, count: Int, firstID: Int) {
    let result = MockPaging.original(photos, page: page, perPage: perPage)
    #expect(result.count == count)
    if count > 0 {
      #expect(result.first?.id == firstID)
    }
  }

  @Test(
    "Mars Vista rules",
    arguments: [
      (nil, nil, 25, 1, 25, 3), ("3", nil, 10, 3, 25, 3), ("0", "0", 1, 1, 1, 60), ("x", "500", 60, 1, 100, 1),
      ("2", "50", 10, 2, 50, 2), ("9", nil, 0, 9, 25, 3),
    ] as [(String?, String?, Int, Int, Int, Int)])
  func marsVista(page: String?, perPage: String?, count: Int, pageNumber: Int, size: Int, totalPages: Int) {
    let result = MockPaging.marsVista(photos, page: page, perPage: perPage)
    #expect(result.photos.count == count)
    #expect(result.page == pageNumber)
    #expect(result.perPage == size)
    #expect(result.totalPages == totalPages)
  }

  @Test("Ruby's to_i", arguments: [("42", 42), (" 7x", 7), ("-3", -3), ("abc", 0), ("", 0), ("+5", 5)])
  func rubyInteger(text: String, value: Int) {
    #expect(MockPaging.rubyInteger(text) == value)
  }
}
