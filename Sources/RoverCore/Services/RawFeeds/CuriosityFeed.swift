import Foundation

/// Curiosity's feed, `/api/v1/raw_image_items/` (api-reference.md 4.2).
enum CuriosityFeed {
  static let pageSize = 500
  static let order = "sol desc,instrument_sort asc,sample_type_sort asc, date_taken desc"

  static func latestURL(base: URL) -> URL {
    RawFeedURL.make(base: base, path: ["api", "v1", "raw_image_items", "msl", "latest", ""], items: [])
  }

  static func itemsURL(base: URL, sol: Int, camera: String?, page: Int) -> URL {
    var items = [
      URLQueryItem(name: "order", value: order), URLQueryItem(name: "per_page", value: String(pageSize)),
      URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "condition_1", value: "msl:mission"),
      URLQueryItem(name: "condition_2", value: "\(sol):sol:in"),
    ]
    if let camera { items.append(URLQueryItem(name: "search", value: camera.uppercased())) }
    return RawFeedURL.make(base: base, path: ["api", "v1", "raw_image_items", ""], items: items)
  }

  struct Latest: Decodable, Sendable {
    var latestSol: Int
    var total: Int?

    enum CodingKeys: String, CodingKey {
      case latestData = "latest_data"
    }

    enum DataKeys: String, CodingKey {
      case latestSol = "latest_sol"
      case total
    }

    init(from decoder: any Decoder) throws {
      let data = try decoder.container(keyedBy: CodingKeys.self)
        .nestedContainer(keyedBy: DataKeys.self, forKey: .latestData)
      latestSol = try data.requiredInt(forKey: .latestSol)
      total = data.lenientInt(forKey: .total)
    }
  }

  struct Page: Decodable, Sendable {
    var items: [Item]
    var more: Bool?
    var total: Int?
    /// Records of the page that could not be read as images (no id, URL or sol): left out, and said.
    var unreadable = 0

    enum CodingKeys: String, CodingKey {
      case items, more, total
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let records = try container.decodeRecords(Lenient<Item>.self, forKey: .items)
      items = records.compactMap(\.value)
      unreadable = records.count - items.count
      more = try? container.decodeIfPresent(Bool.self, forKey: .more)
      total = container.lenientInt(forKey: .total)
    }
  }

  struct Item: Decodable, Sendable {
    var id: String
    var sol: Int
    var instrument: String
    var url: String
    var sampleType: String
    var dateTaken: String?
    var title: String?
    var metadata: FrameMetadata
    /// The whole record as sent, for `--metadata` sidecars; nil past ``JSONValue/maxRecordBytes``.
    var source: JSONValue?
    /// The record was too large to keep verbatim (its photo is still listed).
    var sourceTooLarge = false

    enum CodingKeys: String, CodingKey {
      case id, imageid, sol, instrument, url, title, extended
      case httpsURL = "https_url"
      case dateTaken = "date_taken"
      case isThumbnail = "is_thumbnail"
    }

    enum ExtendedKeys: String, CodingKey {
      case sampleType = "sample_type"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      guard let id = container.lenientString(forKey: .imageid) ?? container.lenientString(forKey: .id),
        let url = container.lenientString(forKey: .httpsURL) ?? container.lenientString(forKey: .url)
      else {
        throw DecodingError.keyNotFound(
          CodingKeys.imageid, .init(codingPath: container.codingPath, debugDescription: "no imageid or url"))
      }
      self.id = id
      self.url = url
      sol = try container.requiredInt(forKey: .sol)
      instrument = FeedValue.text(container.lenientString(forKey: .instrument)) ?? "UNKNOWN"
      let extended = try? container.nestedContainer(keyedBy: ExtendedKeys.self, forKey: .extended)
      let thumbnail = (try? container.decodeIfPresent(Bool.self, forKey: .isThumbnail)) ?? false
      sampleType =
        FeedValue.text(extended?.lenientString(forKey: .sampleType))?.lowercased() ?? (thumbnail ? "thumbnail" : "full")
      dateTaken = FeedValue.text(container.lenientString(forKey: .dateTaken))
      title = FeedValue.text(container.lenientString(forKey: .title))
      metadata = (try? FeedMetadata.RawImageItem(from: decoder))?.value ?? FrameMetadata()
      (source, sourceTooLarge) = JSONValue.boundedRecord(from: decoder)
    }
  }
}
