import Foundation

/// A fake Mars rover photo service on a real local socket, serving the exact JSON of one real service's shape.
///
/// It exists so RoverCore and the CLI can be tested against every documented quirk (paging rules, error bodies,
/// auth, rate limits) and against injected faults, without the network. Expectations come from `dataset`, so tests
/// never hard-code what the server will say.
public final class MockRoverAPI: MockService {
  public let shape: MockServiceShape
  /// The key the service demands: Mars Vista's `X-API-Key` header or the gateway's `api_key` parameter. Nil: Mars
  /// Vista needs none, the gateway accepts any non-empty key.
  public let apiKey: String?
  public let dataset: MockDataset
  /// Mars Vista's hourly limit or the gateway's; remaining counts down from it.
  public let rateLimitPerHour: Int
  public let server: TestHTTPServer
  private let router: MockRouter
  public var faults: MockFaults { router.faults }

  public init(
    shape: MockServiceShape, apiKey: String? = nil, dataset: MockDataset = .standard, rateLimitPerHour: Int = 1000
  ) throws {
    let router = MockRouter(shape: shape, apiKey: apiKey, dataset: dataset, rateLimit: rateLimitPerHour)
    self.shape = shape
    self.apiKey = apiKey
    self.dataset = dataset
    self.rateLimitPerHour = rateLimitPerHour
    self.router = router
    server = try router.serve()
  }

  /// `http://127.0.0.1:<port>/api/v1`, what a client's base URL setting takes.
  public var baseURL: URL {
    server.url("/api/v1")
  }

  /// `baseURL` followed by `pathAndQuery`, e.g. `url("/rovers/curiosity/photos?sol=1000")`.
  public func url(_ pathAndQuery: String) -> URL {
    server.url("/api/v1" + pathAndQuery)
  }

  /// The `img_src` the mock reports for `photo`.
  public func imgSrc(for photo: MockPhoto) -> String {
    router.imgSrc(for: photo)
  }
}
