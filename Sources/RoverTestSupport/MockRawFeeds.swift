import Foundation

/// A fake of NASA's two raw-image feeds (api-reference 4) on a real local socket, standing in for
/// `https://mars.nasa.gov`, so that `rover --service nasa-raw --base-url <baseURL>` can be tested end to end.
///
/// Routes (GET; HEAD works too):
/// - `/rss/api/?feed=raw_images&category=mars2020[,ingenuity]&feedtype=json…`: Perseverance. `latest=true` gives
///   the summary; `id=<imageid>` the envelope with that one record; otherwise a list filtered by `sol=N`,
///   `search=A|B` and `extended=sample_type::full`, paged by `num` (default and maximum 100) and 0-based `page`.
/// - `/api/v1/raw_image_items/?condition_1=msl:mission…`: Curiosity, filtered by `condition_2=N:sol:in` and
///   `search`, paged by `per_page` (default 50, maximum 1000) and 0-based `page`.
///   `/api/v1/raw_image_items/msl/latest/` gives the latest summary.
/// - `/images/…`: image bytes, `image/png` for `.png` paths and `image/jpeg` otherwise; `?size=N` sets the length.
/// - Anything else: an HTML 404 page.
public final class MockRawFeeds: MockService {
  public static let perseverancePath = MockRawRouter.perseverancePath
  public static let curiosityPath = MockRawRouter.curiosityPath
  public static let curiosityLatestPath = MockRawRouter.curiosityLatestPath

  public let dataset: MockRawDataset
  public let server: TestHTTPServer
  private let router: MockRawRouter
  public var faults: MockFaults { router.faults }

  public init(dataset: MockRawDataset = .standard) throws {
    let router = MockRawRouter(dataset: dataset)
    self.dataset = dataset
    self.router = router
    server = try TestHTTPServer { router.respond(to: $0) }
    let base = server.baseURL.absoluteString
    router.base.withLock { $0 = base }
  }

  /// `http://127.0.0.1:<port>`, standing in for `https://mars.nasa.gov`: what `--base-url` takes.
  public var baseURL: URL {
    server.baseURL
  }

  /// `baseURL` followed by `pathAndQuery`, e.g. `url("/rss/api/?feed=raw_images&…")`.
  public func url(_ pathAndQuery: String) -> URL {
    server.url(pathAndQuery)
  }

  /// `MockRawDataset.images(rover:sol:includeThumbnails:includeIngenuity:instrument:)` of the served data set.
  public func images(
    rover: String, sol: Int, includeThumbnails: Bool = true, includeIngenuity: Bool = false, instrument: String? = nil
  ) -> [MockRawImage] {
    dataset.images(
      rover: rover, sol: sol, includeThumbnails: includeThumbnails, includeIngenuity: includeIngenuity,
      instrument: instrument)
  }

  public func latestSol(rover: String) -> Int? {
    dataset.latestSol(rover: rover)
  }

  public func total(rover: String) -> Int {
    dataset.total(rover: rover)
  }
}
