import Foundation

/// A fake PDS Imaging Atlas (api-reference 7.1, 7.2) on a real local socket, so that
/// `rover --service pds --base-url <baseURL>` can be tested end to end.
///
/// Routes (GET; HEAD works too):
/// - `/solr/pds_archives/search`: Solr's search over `products`, honouring `q`, repeated `fq` (`FIELD:value`,
///   quoted values, `?`/`*` patterns, `[a TO b}` ranges, clauses OR-ed), `sort`, `start`, `rows` (default 10),
///   `fl`, and `facet=true&facet.field=…` with `facet.limit`, `facet.mincount`, `facet.sort`. A filter it cannot
///   read gets Solr's 400 error body.
/// - `/data/mer/<volume>/{browse|extras/catalog}/solNNNN/rdr/<file>.jpg`: JPEG bytes as `application/octet-stream`.
/// - Anything else: an HTML 404 page.
public final class MockPDS: MockService {
  public let products: [MockPDSProduct]
  public let server: TestHTTPServer
  private let router: MockPDSRouter
  public var faults: MockFaults { router.faults }

  public init(products: [MockPDSProduct] = MockPDS.standard) throws {
    let router = MockPDSRouter(products: products)
    self.products = products
    self.router = router
    server = try router.serve()
  }

  /// `http://127.0.0.1:<port>/solr/pds_archives`, standing in for the Atlas's Solr core: what `--base-url` takes.
  public var baseURL: URL {
    server.url("/solr/pds_archives")
  }

  public static let searchPath = MockPDSRouter.searchPath

  /// The full-frame products a client lists for the rover, by capture time; optionally one sol or camera letter.
  public func listed(rover: String, sol: Int? = nil, camera: Character? = nil) -> [MockPDSProduct] {
    products.filter {
      $0.spacecraft == rover && $0.isFullFrame && (sol == nil || $0.sol == sol)
        && (camera == nil || $0.cameraLetter == camera)
    }.sorted { ($0.startTime, $0.productID) < ($1.startTime, $1.productID) }
  }

  /// Sols with full-frame products, ascending.
  public func sols(rover: String) -> [Int] {
    Set(listed(rover: rover).map(\.sol)).sorted()
  }

  /// The data set most PDS tests use, small and chosen for edge cases.
  ///
  /// Opportunity: sol 1 has 4 products (its first PANCAM frame at 2004-01-25T07:18:28Z, as Mars Vista's index
  /// row); sol 100 has the reference's document (`1N137056144ILF2002P1825R0M1`) and 11 more full frames cycling
  /// the cameras, plus 2 EDRs (`eff`) that a client must not list; sol 101 has 3. Spirit: sol 1 has 5, sol 2 has 4
  /// (one Microscopic Imager), sol 5 has 6. Times fall on the MER calendar's date of the sol.
  public static let standard: [MockPDSProduct] = {
    let cycle: [Character] = ["n", "p", "f", "r", "m"]
    func sol(_ rover: String, _ sol: Int, _ day: String, _ cameras: [Character], type: String = "ilf", from: Int = 0)
      -> [MockPDSProduct]
    {
      cameras.enumerated().map {
        MockPDSProduct(spacecraft: rover, camera: $1, type: type, sol: sol, day: day, minutes: from + $0 * 7)
      }
    }
    let opportunity =
      [
        MockPDSProduct(
          spacecraft: "opportunity", fileName: "1p128287181ilf0000p2303l2m1.img", sol: 1,
          startTime: "2004-01-25T07:18:28Z"),
        MockPDSProduct(
          spacecraft: "opportunity", fileName: "1n137056144ilf2002p1825r0m1.img", sol: 100,
          startTime: "2004-05-05T19:08:30Z"),
      ]
      + sol("opportunity", 1, "2004-01-25", ["p", "n", "f"])
      + sol("opportunity", 100, "2004-05-05", (0..<11).map { cycle[$0 % 5] })
      + sol("opportunity", 100, "2004-05-05", ["n", "p"], type: "eff", from: 200)
      + sol("opportunity", 101, "2004-05-06", ["p", "n", "r"])
    let spirit =
      sol("spirit", 1, "2004-01-04", ["n", "n", "p", "f", "r"]) + sol("spirit", 2, "2004-01-05", ["p", "m", "n", "f"])
      + sol("spirit", 5, "2004-01-08", ["n", "p", "p", "m", "r", "f"])
    return opportunity + spirit
  }()
}
