import Foundation

/// The request handler behind a `MockRoverAPI`: faults first (`MockRouting`), then images, then the shape's
/// `/api/v1` rules.
final class MockRouter: MockRouting {
  let shape: MockServiceShape
  let apiKey: String?
  let dataset: MockDataset
  let rateLimit: Int
  let faults = MockFaults()
  /// Requests counted against the rate limit since the start or the last reset.
  let rateLimitUsed = Locked(0)
  /// `http://127.0.0.1:<port>`, known only once the server is listening.
  let base = Locked("")

  init(shape: MockServiceShape, apiKey: String?, dataset: MockDataset, rateLimit: Int) {
    self.shape = shape
    self.apiKey = apiKey
    self.dataset = dataset
    self.rateLimit = rateLimit
  }

  /// The `img_src` the service reports for `photo`.
  func imgSrc(for photo: MockPhoto) -> String {
    photo.imgSrc ?? base.withLock { $0 } + photo.imagePath
  }

  func route(_ request: TestRequest) -> TestResponse {
    if request.path.hasPrefix("/images/") {
      return image(for: request)
    }
    guard request.path == "/api/v1" || request.path.hasPrefix("/api/v1/") else {
      return shape == .marsVista ? .empty(status: 404) : .json(MockFault.notFoundBody, status: 404)
    }
    let segments = request.path.dropFirst("/api/v1".count).split(separator: "/").map(String.init)
    switch shape {
    case .original:
      return routeResponse(for: request, segments: segments)
    case .nasaGateway:
      return gatewayResponse(for: request) { routeResponse(for: request, segments: segments) }
    case .marsVista:
      return marsVistaResponse(for: request, segments: segments)
    }
  }

  private func image(for request: TestRequest) -> TestResponse {
    guard request.method == "GET" || request.method == "HEAD" else { return .empty(status: 405) }
    let size = request.query("size").flatMap { Int($0) } ?? dataset.imageSize
    return .bytes(MockImage.jpeg(path: request.path, size: size), contentType: "image/jpeg")
  }
}
