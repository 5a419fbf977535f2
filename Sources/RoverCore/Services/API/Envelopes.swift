/// The root objects the API-compatible services wrap their data in.
struct RoversEnvelope: Decodable {
  var rovers: [Rover]
}

struct RoverEnvelope: Decodable {
  var rover: Rover
}

struct PhotoEnvelope: Decodable {
  var photo: Photo
}

struct ManifestEnvelope: Decodable {
  var manifest: PhotoManifest

  enum CodingKeys: String, CodingKey {
    case manifest = "photo_manifest"
  }
}

/// One page of photos: `photos` or `latest_photos` at the root, and Mars Vista's `pagination` when sent.
struct PhotosPage: Decodable {
  var photos: [Photo]
  var pagination: Pagination?

  struct Pagination: Decodable {
    var totalCount: Int?
    var page: Int?
    var perPage: Int?
    var totalPages: Int

    enum CodingKeys: String, CodingKey {
      case totalCount = "total_count"
      case page
      case perPage = "per_page"
      case totalPages = "total_pages"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      totalCount = container.lenientInt(forKey: .totalCount)
      page = container.lenientInt(forKey: .page)
      perPage = container.lenientInt(forKey: .perPage).flatMap { $0 > 0 ? $0 : nil }
      totalPages = container.lenientInt(forKey: .totalPages) ?? 1
    }
  }

  enum CodingKeys: String, CodingKey {
    case photos, pagination
    case latestPhotos = "latest_photos"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let photos = try container.decodeRecordsIfPresent(Photo.self, forKey: .photos) {
      self.photos = photos
    } else {
      // Unpaged: the latest sol whole.
      self.photos = try container.decodeRecords(Photo.self, forKey: .latestPhotos, limit: Pager.maxPhotosPerSol)
    }
    pagination = try? container.decodeIfPresent(Pagination.self, forKey: .pagination)
  }
}
