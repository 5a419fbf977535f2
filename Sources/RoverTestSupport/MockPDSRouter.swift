import Foundation

/// The request handler behind a `MockPDS`: faults first (`MockRouting`), then the Solr search, then the browse and
/// catalog JPEGs (sent as `application/octet-stream`, as the PDS sends `.img.jpg`); anything else gets an HTML 404
/// page.
final class MockPDSRouter: MockRouting {
  static let searchPath = "/solr/pds_archives/search"
  static let notFoundPage = "<!DOCTYPE html><html><head><title>404 Not Found</title></head></html>\n"

  let products: [MockPDSProduct]
  let faults = MockFaults()
  /// `http://127.0.0.1:<port>`, known once the server listens: the host of every `ATLAS_BROWSE_URL`.
  let base = Locked("")

  init(products: [MockPDSProduct]) {
    self.products = products
  }

  func route(_ request: TestRequest) -> TestResponse {
    guard request.method == "GET" || request.method == "HEAD" else { return .html(Self.notFoundPage, status: 405) }
    if request.path == Self.searchPath { return search(request) }
    if products.contains(where: { $0.browsePath == request.path || $0.catalogPath == request.path }) {
      return .bytes(MockImage.jpeg(path: request.path, size: 2_048), contentType: "application/octet-stream")
    }
    return .html(Self.notFoundPage, status: 404)
  }

  /// `q` and every `fq` must match; then `sort`, `start`/`rows` (Solr's default 10) and `fl`, or the facets.
  private func search(_ request: TestRequest) -> TestResponse {
    let queries = [request.query("q") ?? "*:*"] + request.queryItems.filter { $0.name == "fq" }.map { $0.value ?? "" }
    let filters = queries.map(MockPDSFilter.init)
    guard filters.allSatisfy({ $0 != nil }) else { return Self.badRequest("undefined field or bad syntax") }
    guard let rows = Int(request.query("rows") ?? "10"), let start = Int(request.query("start") ?? "0"), rows >= 0,
      start >= 0
    else { return Self.badRequest("rows and start must be non-negative integers") }
    var found = products.filter { product in filters.allSatisfy { $0?.matches(product) ?? false } }
    found.sort(by: Self.order(request.query("sort") ?? ""))
    let fields = (request.query("fl") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    let page = found.dropFirst(start).prefix(rows).map { document($0, fields: fields) }
    var envelope: [(String, MockJSON)] = [
      ("responseHeader", .object([("status", .int(0)), ("QTime", .int(1))])),
      ("response", .object([("numFound", .int(found.count)), ("start", .int(start)), ("docs", .array(page))])),
    ]
    if request.query("facet") == "true", let field = request.query("facet.field") {
      envelope.append(("facet_counts", .object([("facet_fields", .object([(field, facets(found, request))]))])))
    }
    return .json(MockJSON.object(envelope).serialized)
  }

  /// Counts per value of `facet.field`, with `facet.mincount` (default 0), `facet.limit` (default 100; -1 is all)
  /// and `facet.sort` (`index`, or by count).
  private func facets(_ found: [MockPDSProduct], _ request: TestRequest) -> MockJSON {
    let field = request.query("facet.field") ?? ""
    var counts: [String: Int] = [:]
    for product in products { counts[product.value(field) ?? "", default: 0] += 0 }
    for product in found { counts[product.value(field) ?? "", default: 0] += 1 }
    let minimum = Int(request.query("facet.mincount") ?? "0") ?? 0
    let limit = Int(request.query("facet.limit") ?? "100") ?? 100
    var entries = counts.filter { $0.value >= minimum }.sorted {
      MockPDSFilter.compare($0.key, $1.key, field: field) < 0
    }
    if request.query("facet.sort") != "index" { entries.sort { $0.value > $1.value } }
    if limit >= 0 { entries = Array(entries.prefix(limit)) }
    return .array(entries.flatMap { [MockJSON.string($0.key), .int($0.value)] })
  }

  /// The reference's document shape (api-reference 7.1); Spirit's products send `FILE_NAME` and `START_TIME` as
  /// one-element arrays, as Solr sometimes does.
  private func document(_ product: MockPDSProduct, fields: [String]) -> MockJSON {
    let wrap = product.spacecraft == "spirit"
    let names = fields.isEmpty ? MockPDSProduct.fields.sorted() : fields.filter { MockPDSProduct.fields.contains($0) }
    return .object(
      names.map { name in
        let text = product.value(name) ?? ""
        switch name {
        case "PLANET_DAY_NUMBER": return (name, .int(product.sol))
        case "ATLAS_BROWSE_URL":
          return (name, .string(base.withLock { $0 } + "//" + text.replacingOccurrences(of: "/rdr/", with: "/rdr//")))
        case "FILE_NAME" where wrap, "START_TIME" where wrap: return (name, .array([.string(text)]))
        default: return (name, .string(text))
        }
      })
  }

  /// `sort=FIELD dir, FIELD dir`; unknown fields are ignored.
  private static func order(_ text: String) -> (MockPDSProduct, MockPDSProduct) -> Bool {
    let keys = text.split(separator: ",").compactMap { part -> (String, Bool)? in
      let words = part.split(separator: " ")
      guard let field = words.first else { return nil }
      return (String(field), words.dropFirst().first?.lowercased() != "desc")
    }
    return { left, right in
      for (field, ascending) in keys {
        let result = MockPDSFilter.compare(left.value(field) ?? "", right.value(field) ?? "", field: field)
        if result != 0 { return ascending ? result < 0 : result > 0 }
      }
      return false
    }
  }

  private static func badRequest(_ message: String) -> TestResponse {
    let body = MockJSON.object([
      ("responseHeader", .object([("status", .int(400)), ("QTime", .int(0))])),
      ("error", .object([("msg", .string(message)), ("code", .int(400))])),
    ])
    return .json(body.serialized, status: 400)
  }
}
