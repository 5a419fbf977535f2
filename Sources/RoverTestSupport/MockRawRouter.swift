import Foundation

/// The request handler behind a `MockRawFeeds`: faults first, then images, then the two feeds; anything else gets
/// an HTML 404 page, as the NASA site sends.
///
/// Separate from `MockRawFeeds` for the same reason `MockRouter` is: the server's handler must exist before the
/// server does, and holding the router keeps the server from owning its owner.
final class MockRawRouter: Sendable {
  static let perseverancePath = "/rss/api/"
  static let curiosityPath = "/api/v1/raw_image_items/"
  static let curiosityLatestPath = "/api/v1/raw_image_items/msl/latest/"

  static let notFoundPage = """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8"><title>Page Not Found | NASA Mars Exploration</title></head>
    <body><h1>Page Not Found</h1><p>The page you are looking for might have been removed, had its name changed, or
    is temporarily unavailable.</p></body></html>

    """

  let dataset: MockRawDataset
  let faults = MockFaults()
  /// `http://127.0.0.1:<port>`, known only once the server is listening; it stands in for `https://mars.nasa.gov`.
  let base = Locked("")

  init(dataset: MockRawDataset) {
    self.dataset = dataset
  }

  var baseURL: String {
    base.withLock { $0 }
  }

  func respond(to request: TestRequest) -> TestResponse {
    let fault = faults.queue.withLock { $0.consume(for: request) }
    guard let fault else { return route(request) }
    return fault.response(replacing: route(request))
  }

  /// Curiosity's `sample_type_sort`: full 1, subframe 2, thumbnail 3, anything else 4.
  static func sampleTypeSort(_ sampleType: String) -> Int {
    switch sampleType.lowercased() {
    case "full": 1
    case "subframe": 2
    case "thumbnail": 3
    default: 4
    }
  }

  /// The `page`-th slice of `perPage` (0-based), empty past the end.
  static func slice<Element>(_ elements: [Element], page: Int, perPage: Int) -> [Element] {
    let (start, overflow) = page.multipliedReportingOverflow(by: perPage)
    guard !overflow, start < elements.count else { return [] }
    return Array(elements[start..<min(elements.count, start + perPage)])
  }

  private func route(_ request: TestRequest) -> TestResponse {
    guard request.method == "GET" || request.method == "HEAD" else { return .html(Self.notFoundPage, status: 405) }
    if request.path.hasPrefix("/images/") {
      return image(for: request)
    }
    switch request.path {
    case Self.perseverancePath, "/rss/api":
      return perseveranceResponse(for: request)
    case Self.curiosityPath, "/api/v1/raw_image_items":
      return curiosityItemsResponse(for: request)
    case Self.curiosityLatestPath, "/api/v1/raw_image_items/msl/latest":
      return curiosityLatestResponse()
    default:
      return .html(Self.notFoundPage, status: 404)
    }
  }

  /// Any path under `/images/`: a PNG-looking body for `.png`, a JPEG one otherwise, `size` bytes when given.
  private func image(for request: TestRequest) -> TestResponse {
    let size = request.query("size").flatMap { Int($0) } ?? dataset.imageSize
    guard request.path.lowercased().hasSuffix(".png") else {
      return .bytes(MockImage.jpeg(path: request.path, size: size), contentType: "image/jpeg")
    }
    return .bytes(Self.png(path: request.path, size: size), contentType: "image/png")
  }

  /// Deterministic bytes that start with the PNG signature and an IHDR chunk and end with IEND, enough for
  /// anything that sniffs the type; at least 45 bytes.
  static func png(path: String, size: Int) -> Data {
    let header: [UInt8] = [
      0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
      0x05, 0x00, 0x00, 0x00, 0x03, 0xC0, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3A, 0x7E, 0x9B, 0x55,
    ]
    let trailer: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    let total = max(size, header.count + trailer.count)
    var bytes = [UInt8](MockImage.jpeg(path: path, size: total))
    bytes.replaceSubrange(0..<header.count, with: header)
    bytes.replaceSubrange((bytes.count - trailer.count)..<bytes.count, with: trailer)
    return Data(bytes)
  }
}
