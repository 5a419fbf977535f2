import Foundation

/// A Solr search answer (api-reference 7.1): the matching count, one page of products, and the per-sol counts when
/// faceting was asked for.
struct PDSSearchResponse: Decodable, Sendable {
  var numFound: Int
  var start: Int
  var docs: [PDSDocument]
  /// Products on the page, including any that could not be read: what tells a full page from a short one.
  var rawCount: Int
  /// Products per sol, from `facet_counts.facet_fields.PLANET_DAY_NUMBER`; empty without faceting.
  var solCounts: [Int: Int]

  enum CodingKeys: String, CodingKey {
    case response
    case facetCounts = "facet_counts"
  }

  enum ResponseKeys: String, CodingKey {
    case numFound, start, docs
  }

  enum FacetKeys: String, CodingKey {
    case facetFields = "facet_fields"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let response = try container.nestedContainer(keyedBy: ResponseKeys.self, forKey: .response)
    numFound = try response.requiredInt(forKey: .numFound)
    start = response.lenientInt(forKey: .start) ?? 0
    let docs = try response.decodeRecordsIfPresent(Item.self, forKey: .docs) ?? []
    self.docs = docs.compactMap(\.document)
    rawCount = docs.count
    let facets = try? container.nestedContainer(keyedBy: FacetKeys.self, forKey: .facetCounts)
      .decodeIfPresent([String: FacetList].self, forKey: .facetFields)
    solCounts = facets?[PDSDocument.CodingKeys.sol.rawValue]?.counts ?? [:]
  }

  /// A product that could not be read is skipped, not a failed page.
  struct Item: Decodable, Sendable {
    var document: PDSDocument?

    init(from decoder: any Decoder) throws {
      document = try? PDSDocument(from: decoder)
    }
  }

  /// One field's facet counts: Solr's default `["1",7,"2",8]` (value, then count) or the `json.nl=map` form
  /// `{"1":7,"2":8}`.
  struct FacetList: Decodable, Sendable {
    var counts: [Int: Int] = [:]

    init(from decoder: any Decoder) throws {
      if let map = try? decoder.singleValueContainer().decode([String: Int].self) {
        for (value, count) in map { if let sol = Int(value) { counts[sol] = count } }
        return
      }
      var list = try decoder.unkeyedContainer()
      while !list.isAtEnd {
        let value = try list.decode(PDSDocument.Scalar.self)
        guard !list.isAtEnd else { break }
        let count = try list.decode(PDSDocument.Scalar.self)
        if let sol = value.number, let count = count.number { counts[sol] = count }
      }
    }
  }
}
