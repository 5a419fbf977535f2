import Foundation

/// The request handler behind a `MockRawFeeds`: faults first (`MockRouting`), then images, then the two feed
/// services; anything else gets an HTML 404 page, as the NASA site sends.
final class MockRawRouter: MockRouting {
  static let perseverancePath = "/rss/api/"
  static let curiosityPath = "/api/v1/raw_image_items/"
  static let curiosityLatestPath = "/api/v1/raw_image_items/msl/latest/"
  static let insightLatestPath = "/api/v1/raw_image_items/insight/latest/"
  static let notFoundPage =
    "<!DOCTYPE html><html><head><title>Page Not Found | NASA Mars Exploration</title></head></html>\n"

  /// Changeable while serving: a feed that publishes new sols, late frames and re-sent versions.
  let data: Locked<MockRawDataset>
  var dataset: MockRawDataset { data.withLock { $0 } }
  let faults = MockFaults()
  /// `http://127.0.0.1:<port>`, known only once the server is listening; it stands in for `https://mars.nasa.gov`.
  let base = Locked("")

  init(dataset: MockRawDataset) {
    data = Locked(dataset)
  }

  var baseURL: String {
    base.withLock { $0 }
  }

  func route(_ request: TestRequest) -> TestResponse {
    guard request.method == "GET" || request.method == "HEAD" else { return .html(Self.notFoundPage, status: 405) }
    if request.path.hasPrefix("/images/") {
      let size = request.query("size").flatMap { Int($0) } ?? dataset.imageSize
      let isPNG = request.path.lowercased().hasSuffix(".png")
      if !isPNG, request.query("size") == nil,
        request.path.hasPrefix("/images/heli/") || request.path.hasPrefix("/images/insight/")
      {
        // Ingenuity's and InSight's JPEGs are real ones, small enough to decode in a gallery test.
        return .bytes(MockRawJPEG.bytes(path: request.path), contentType: "image/jpeg")
      }
      return isPNG
        ? .bytes(MockImage.png(path: request.path, size: size), contentType: "image/png")
        : .bytes(MockImage.jpeg(path: request.path, size: size), contentType: "image/jpeg")
    }
    switch request.path {
    case Self.perseverancePath, "/rss/api": return perseveranceResponse(for: request)
    case Self.curiosityPath, "/api/v1/raw_image_items": return itemsResponse(for: request)
    case Self.curiosityLatestPath, "/api/v1/raw_image_items/msl/latest": return itemsLatestResponse(.msl)
    case Self.insightLatestPath, "/api/v1/raw_image_items/insight/latest": return itemsLatestResponse(.insight)
    default: return .html(Self.notFoundPage, status: 404)
    }
  }

  /// The sols a request asks for: Perseverance's `sol=N`, `condition_N=S:sol:in` or `S:sol` (one sol), and
  /// `S:sol:gte` / `S:sol:lte` (a range, as mru asks); nil when it names none. A bound that is not a number
  /// matches nothing.
  static func requestedSols(_ request: TestRequest) -> ClosedRange<Int>? {
    var lower = Int.min
    var upper = Int.max
    var named = false
    func bound(_ text: Substring) -> Int? {
      named = true
      guard let value = Int(text) else {
        lower = .max
        upper = .min
        return nil
      }
      return value
    }
    if let sol = request.query("sol"), let value = bound(Substring(sol)) {
      lower = max(lower, value)
      upper = min(upper, value)
    }
    for item in request.queryItems where item.name.hasPrefix("condition_") {
      let parts = (item.value ?? "").split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count >= 2, parts[1] == "sol", let value = bound(parts[0]) else { continue }
      switch parts.count == 2 ? "in" : parts[2] {
      case "gte": lower = max(lower, value)
      case "lte": upper = min(upper, value)
      default:
        lower = max(lower, value)
        upper = min(upper, value)
      }
    }
    guard named else { return nil }
    // An impossible range (a junk bound, or gte past lte) matches nothing.
    return lower <= upper ? lower...upper : Int.max...Int.max
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
