import Foundation

/// A fake of NASA's two raw-image feeds (api-reference 4) on a real local socket, standing in for
/// `https://mars.nasa.gov`, so that `rover --service nasa-raw --base-url <baseURL>` can be tested end to end.
///
/// Routes (GET; HEAD works too):
/// - `/rss/api/?feed=raw_images&category=mars2020[,ingenuity]&feedtype=json…`: Perseverance. `latest=true` gives
///   the summary; `id=<imageid>` the envelope with that one record; otherwise a list filtered by `sol=N` or
///   `condition_2=N:sol:gte&condition_3=M:sol:lte`, `search=A|B`, `extended=sample_type::full`, ordered by
///   `order` (default `sol desc`) and paged by `num` (default and maximum 100) and 0-based `page`.
/// - `/api/v1/raw_image_items/?condition_1=msl:mission…`: Curiosity, filtered by `condition_2=N:sol:in` or a
///   gte/lte range and `search`, ordered by `order`, paged by `per_page` (default 50, maximum 1000) and 0-based
///   `page`. `/api/v1/raw_image_items/msl/latest/` gives the latest summary.
/// - `/images/…`: image bytes, `image/png` for `.png` paths and `image/jpeg` otherwise; `?size=N` sets the length.
/// - Anything else: an HTML 404 page.
///
/// Expectations come from `dataset` and the helpers here, so tests never hard-code what the server will say.
public final class MockRawFeeds: MockService {
  /// The Perseverance feed's path.
  public static let perseverancePath = MockRawRouter.perseverancePath
  /// The Curiosity item list's path.
  public static let curiosityPath = MockRawRouter.curiosityPath
  /// The Curiosity latest summary's path.
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

  /// `http://127.0.0.1:<port>`, standing in for `https://mars.nasa.gov`: what `--base-url` takes. Image URLs in the
  /// records start with it too.
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

  /// The URL the feed reports for `image`: a Perseverance `image_files` entry by `size` (`large` is the original
  /// API's `img_src`), or a Curiosity item's `url`/`https_url` whatever `size`.
  public func imageURL(for image: MockRawImage, size: MockRawImage.FileSize = .large) -> URL {
    server.url(image.imagePath(size))
  }
}
