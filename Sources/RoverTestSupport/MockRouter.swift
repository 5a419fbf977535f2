import Foundation

/// The request handler behind a `MockRoverAPI`: faults first, then images, then the shape's `/api/v1` rules.
///
/// Separate from `MockRoverAPI` because the server's handler must exist before the server does, and holding the
/// router (not the API object) keeps the server from owning its owner.
final class MockRouter: Sendable {
  let shape: MockServiceShape
  let apiKey: String?
  let dataset: MockDataset
  let rateLimit: Int
  let faults = MockFaults()
  /// Requests counted against the rate limit since the start or the last reset.
  let rateLimitUsed = Locked(0)
  /// `http://127.0.0.1:<port>`, known only once the server is listening.
  let imageBase = Locked("")

  init(shape: MockServiceShape, apiKey: String?, dataset: MockDataset, rateLimit: Int) {
    self.shape = shape
    self.apiKey = apiKey
    self.dataset = dataset
    self.rateLimit = rateLimit
  }

  func respond(to request: TestRequest) -> TestResponse {
    let fault = faults.queue.withLock { $0.consume(for: request) }
    guard let fault else { return route(request) }
    return fault.response(replacing: route(request))
  }

  /// The `img_src` the service reports for `photo`.
  func imgSrc(for photo: MockPhoto) -> String {
    photo.imgSrc ?? imageBase.withLock { $0 } + photo.imagePath
  }

  private func route(_ request: TestRequest) -> TestResponse {
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
