import Foundation

/// The request handler behind a `MockRawFeeds`: faults first, then images, then the two feeds; anything else gets
/// an HTML 404 page, as the NASA site sends.
///
/// Separate from `MockRawFeeds` because the server's handler must exist before the server does, and holding the
/// router keeps the server from owning its owner.
final class MockRawRouter: Sendable {
  static let perseverancePath = "/rss/api/"
  static let curiosityPath = "/api/v1/raw_image_items/"
  static let curiosityLatestPath = "/api/v1/raw_image_items/msl/latest/"
  static let notFoundPage =
    "<!DOCTYPE html><html><head><title>Page Not Found | NASA Mars Exploration</title></head></html>\n"

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

  private func route(_ request: TestRequest) -> TestResponse {
    guard request.method == "GET" || request.method == "HEAD" else { return .html(Self.notFoundPage, status: 405) }
    if request.path.hasPrefix("/images/") {
      let size = request.query("size").flatMap { Int($0) } ?? dataset.imageSize
      return request.path.lowercased().hasSuffix(".png")
        ? .bytes(MockImage.png(path: request.path, size: size), contentType: "image/png")
        : .bytes(MockImage.jpeg(path: request.path, size: size), contentType: "image/jpeg")
    }
    switch request.path {
    case Self.perseverancePath, "/rss/api": return perseveranceResponse(for: request)
    case Self.curiosityPath, "/api/v1/raw_image_items": return curiosityItemsResponse(for: request)
    case Self.curiosityLatestPath, "/api/v1/raw_image_items/msl/latest": return curiosityLatestResponse()
    default: return .html(Self.notFoundPage, status: 404)
    }
  }

  /// The sol a request asks for: Perseverance's `sol=N` or Curiosity's `condition_2=N:sol:in`; nil when it names
  /// none, `Int.min` (matching nothing) when it is not a number.
  static func requestedSol(_ request: TestRequest) -> Int? {
    let condition = request.queryItems.first {
      $0.name.hasPrefix("condition_") && ($0.value ?? "").hasSuffix(":sol:in")
    }
    guard let text = request.query("sol") ?? condition?.value?.components(separatedBy: ":").first else { return nil }
    return Int(text) ?? .min
  }

  /// `search=A|B`: the listed instruments, upper-cased; nil keeps every instrument.
  static func searchedInstruments(_ request: TestRequest) -> Set<String>? {
    let names = (request.query("search") ?? "").split(separator: "|").map { $0.uppercased() }
    return names.isEmpty ? nil : Set(names)
  }

  /// A non-negative integer parameter; junk, absent or negative gives `fallback`.
  static func count(_ text: String?, default fallback: Int) -> Int {
    text.flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil } ?? fallback
  }

  /// The `page`-th slice of `perPage` (0-based), empty past the end.
  static func slice<Element>(_ elements: [Element], page: Int, perPage: Int) -> [Element] {
    let (start, overflow) = page.multipliedReportingOverflow(by: perPage)
    guard !overflow, start < elements.count else { return [] }
    return Array(elements[start..<min(elements.count, start + perPage)])
  }
}
