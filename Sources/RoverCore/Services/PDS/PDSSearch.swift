import Foundation

/// One Atlas search (api-reference 7.1): repeated `fq` filters, Solr paging by `start`/`rows`, and optionally the
/// per-sol facet counts in place of documents.
struct PDSSearch: Hashable, Sendable {
  static let fields = "FILE_NAME,PRODUCT_ID,PLANET_DAY_NUMBER,START_TIME,ATLAS_BROWSE_URL"
  /// A stable order, so that pages never overlap or skip while we read them.
  static let byTime = "START_TIME asc, PRODUCT_ID asc"
  /// The newest sol first, and its last product: the mission's end.
  static let newestFirst = "PLANET_DAY_NUMBER desc, START_TIME desc"

  var filters: [String]
  var rows: Int
  var start = 0
  var sort: String?
  /// `rows=0` with Solr faceting on the sol: every sol's count in one answer.
  var facetOnSol = false

  static let mission = #"ATLAS_MISSION_NAME:"mars exploration rover""#

  /// The rover's full-frame products, optionally of one camera: every listing starts from these.
  static func products(of rover: PDSRover, camera: Character? = nil) -> [String] {
    [mission, "ATLAS_SPACECRAFT_NAME:\(rover.rawValue)", PDSCameras.pattern(letter: camera)]
  }

  static func sol(_ sol: Int) -> String {
    "PLANET_DAY_NUMBER:\(sol)"
  }

  /// One UTC day: `[` includes its start, `}` excludes the next day's.
  static func day(_ date: CalendarDate) -> String {
    "START_TIME:[\(date)T00:00:00Z TO \(date.adding(days: 1))T00:00:00Z}"
  }

  /// Only called with ids of letters and digits, so the quotes cannot be escaped from.
  static func product(_ id: String) -> String {
    #"PRODUCT_ID:"\#(id)""#
  }

  /// The per-sol counts of `filters`.
  static func facets(_ filters: [String]) -> PDSSearch {
    PDSSearch(filters: filters, rows: 0, facetOnSol: true)
  }

  func url(base: URL) -> URL {
    var items = [("q", "*:*"), ("wt", "json")]
    if !facetOnSol { items.append(("fl", Self.fields)) }
    items += filters.map { ("fq", $0) }
    items += [("rows", String(rows)), ("start", String(start))]
    if let sort { items.append(("sort", sort)) }
    if facetOnSol {
      items += [
        ("facet", "true"), ("facet.field", PDSDocument.CodingKeys.sol.rawValue), ("facet.limit", "-1"),
        ("facet.mincount", "1"), ("facet.sort", "index"),
      ]
    }
    // Solr syntax (`"`, `[`, `}`, `?`, `*`, spaces) must reach it literally: everything but unreserved
    // characters is percent-encoded.
    let query = items.map { "\($0)=\(Self.encode($1))" }.joined(separator: "&")
    let search = base.appendingPathComponent("search")
    return URL(string: search.absoluteString + "?" + query) ?? search
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

  static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
  }
}
