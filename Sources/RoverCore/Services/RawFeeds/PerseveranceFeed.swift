import Foundation

/// Perseverance's feed, `/rss/api/?feed=raw_images&category=mars2020&feedtype=json` (api-reference.md 4.1), which
/// also serves Ingenuity under `category=ingenuity` (7.3).
enum PerseveranceFeed {
  static let pageSize = 100

  /// `category` is sent once: the feed drops a repeated key and falls back to Perseverance (7.3).
  static func url(base: URL, category: String, extra: [URLQueryItem]) -> URL {
    var items = [
      URLQueryItem(name: "feed", value: "raw_images"),
      URLQueryItem(name: "category", value: category),
      URLQueryItem(name: "feedtype", value: "json"),
    ]
    items += extra
    return RawFeedURL.make(base: base, path: ["rss", "api", ""], items: items)
  }

  static func imagesURL(base: URL, category: String, sol: Int, camera: String?, page: Int) -> URL {
    var extra = [
      URLQueryItem(name: "sol", value: String(sol)), URLQueryItem(name: "num", value: String(pageSize)),
      URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "order", value: "sol desc"),
    ]
    if let camera { extra.append(URLQueryItem(name: "search", value: camera.uppercased())) }
    // Never `extended=sample_type::full`: since late 2023 the feed drops some or all images with it
    // (api-reference 4.1); thumbnails are filtered on our side instead.
    return url(base: base, category: category, extra: extra)
  }

  struct Latest: Decodable, Sendable {
    var latestSol: Int
    var total: Int?

    enum CodingKeys: String, CodingKey {
      case latestSol = "latest_sol"
      case total
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      latestSol = try container.requiredInt(forKey: .latestSol)
      total = container.lenientInt(forKey: .total)
    }
  }

  struct Page: Decodable, Sendable {
    var images: [Image]
    var totalResults: Int?
    /// Records of the page that could not be read as images (no id or URL): left out, and said.
    var unreadable = 0

    enum CodingKeys: String, CodingKey {
      case images
      case totalResults = "total_results"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      // One odd record must not sink the page: keep what decodes.
      let records = try container.decodeRecords(Lenient<Image>.self, forKey: .images)
      images = records.compactMap(\.value)
      unreadable = records.count - images.count
      totalResults = container.lenientInt(forKey: .totalResults)
    }
  }

  struct Image: Decodable, Sendable {
    var id: String
    var sol: Int
    var instrument: String
    var files: [String: String]
    var sampleType: String
    var dateTaken: String?
    var title: String?
    var metadata: FrameMetadata
    /// The whole record as sent, for `--metadata` sidecars; nil past ``JSONValue/maxRecordBytes``.
    var source: JSONValue?
    /// The record was too large to keep verbatim (its photo is still listed).
    var sourceTooLarge = false

    enum CodingKeys: String, CodingKey {
      case imageid, sol, camera, title
      case imageFiles = "image_files"
      case sampleType = "sample_type"
      case dateTakenUTC = "date_taken_utc"
    }

    enum CameraKeys: String, CodingKey {
      case instrument
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      guard let id = container.lenientString(forKey: .imageid), !id.isEmpty else {
        throw DecodingError.keyNotFound(
          CodingKeys.imageid, .init(codingPath: container.codingPath, debugDescription: "no imageid"))
      }
      self.id = id
      sol = try container.requiredInt(forKey: .sol)
      let camera = try container.nestedContainer(keyedBy: CameraKeys.self, forKey: .camera)
      instrument = FeedValue.text(camera.lenientString(forKey: .instrument)) ?? "UNKNOWN"
      files = ((try? container.decodeIfPresent([String: String?].self, forKey: .imageFiles)) ?? [:])
        .compactMapValues { $0 }
      sampleType = (FeedValue.text(container.lenientString(forKey: .sampleType)) ?? "Full").lowercased()
      dateTaken = FeedValue.text(container.lenientString(forKey: .dateTakenUTC))
      title = FeedValue.text(container.lenientString(forKey: .title))
      metadata = (try? FeedMetadata.Perseverance(from: decoder))?.value ?? FrameMetadata()
      (source, sourceTooLarge) = JSONValue.boundedRecord(from: decoder)
    }

    /// The feed calls the full-resolution PNG `full_res`; we call every size by the same four names.
    var sizes: [String: String] {
      var sizes: [String: String] = [:]
      for (feedName, name) in [("small", "small"), ("medium", "medium"), ("large", "large"), ("full_res", "full")] {
        if let url = files[feedName] { sizes[name] = url }
      }
      return sizes
    }
  }
}

/// Decodes an element or nothing, so that arrays survive a bad element.
struct Lenient<Wrapped: Decodable & Sendable>: Decodable, Sendable {
  var value: Wrapped?

  init(from decoder: any Decoder) throws {
    value = try? Wrapped(from: decoder)
  }
}

/// URLs for the feeds: the configured base (`https://mars.nasa.gov` or a mirror) plus the feed's path.
enum RawFeedURL {
  static func make(base: URL, path: [String], items: [URLQueryItem]) -> URL {
    var components = URLComponents(url: base, resolvingAgainstBaseURL: false) ?? URLComponents()
    var basePath = components.percentEncodedPath
    while basePath.hasSuffix("/") { basePath.removeLast() }
    components.percentEncodedPath = basePath + "/" + path.joined(separator: "/")
    components.percentEncodedQueryItems = items.map {
      URLQueryItem(name: $0.name, value: $0.value?.addingPercentEncoding(withAllowedCharacters: .queryValueAllowed))
    }
    return components.url ?? base
  }
}
