import Foundation

/// A fake of NASA's raw-image feeds (api-reference 4, 7.3, 7.4) on a real local socket, standing in for
/// `https://mars.nasa.gov`, so that `rover --service nasa-raw --base-url <baseURL>` can be tested end to end.
///
/// Routes (GET; HEAD works too):
/// - `/rss/api/?feed=raw_images&category=…&feedtype=json…`: Perseverance (`mars2020`), Ingenuity (`ingenuity`) or
///   both (`mars2020,ingenuity`); a repeated `category` falls back to Perseverance. `latest=true` gives the summary;
///   `id=<imageid>` the envelope with that one record; otherwise a list filtered by `sol=N` (or
///   `condition_2=N:sol:gte&condition_3=M:sol:lte`), `search=A|B` and `extended=sample_type::full`, paged by `num`
///   (default and maximum 100) and 0-based `page`.
/// - `/api/v1/raw_image_items/?condition_1=msl:mission…` (Curiosity) or `condition_1=insight:mission` (InSight),
///   filtered by `condition_2=N:sol:in`, `N:sol`, or `N:sol:gte` with `condition_3=M:sol:lte`, and by `search`
///   (any case), paged by `per_page` (default 50, maximum 1000) and 0-based `page`.
///   `/api/v1/raw_image_items/msl/latest/` and `…/insight/latest/` give the latest summaries.
/// - `/images/…`: image bytes, `image/png` for `.png` paths and `image/jpeg` otherwise; `?size=N` sets the length.
///   Ingenuity's and InSight's JPEGs (without `size`) are real 8×8 JPEGs.
/// - Anything else: an HTML 404 page.
public final class MockRawFeeds: MockService {
  public static let perseverancePath = MockRawRouter.perseverancePath
  public static let curiosityPath = MockRawRouter.curiosityPath
  public static let curiosityLatestPath = MockRawRouter.curiosityLatestPath
  public static let insightLatestPath = MockRawRouter.insightLatestPath

  /// What is served now; `update` changes it.
  public var dataset: MockRawDataset { router.dataset }
  public let server: TestHTTPServer
  private let router: MockRawRouter
  public var faults: MockFaults { router.faults }

  public init(dataset: MockRawDataset = .standard) throws {
    let router = MockRawRouter(dataset: dataset)
    self.router = router
    server = try router.serve()
  }

  /// Changes what the feeds serve from the next request on (new sols, late frames, re-sent versions).
  public func update(_ change: (inout MockRawDataset) -> Void) {
    router.data.withLock { change(&$0) }
  }

  /// `http://127.0.0.1:<port>`, standing in for `https://mars.nasa.gov`: what `--base-url` takes.
  public var baseURL: URL {
    server.baseURL
  }

  /// `baseURL` followed by `pathAndQuery`, e.g. `url("/rss/api/?feed=raw_images&…")`.
  public func url(_ pathAndQuery: String) -> URL {
    server.url(pathAndQuery)
  }

  /// `MockRawDataset.images(rover:sol:includeThumbnails:instrument:)` of the served data set.
  public func images(rover: String, sol: Int, includeThumbnails: Bool = true, instrument: String? = nil)
    -> [MockRawImage]
  {
    dataset.images(rover: rover, sol: sol, includeThumbnails: includeThumbnails, instrument: instrument)
  }

  public func latestSol(rover: String) -> Int? {
    dataset.latestSol(rover: rover)
  }

  public func total(rover: String) -> Int {
    dataset.total(rover: rover)
  }
}
