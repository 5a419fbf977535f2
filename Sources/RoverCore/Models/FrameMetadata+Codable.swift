extension FrameMetadata: Codable {
  /// The JSON names, snake_case, as every output of rover writes them.
  enum CodingKeys: String, CodingKey, CaseIterable {
    case takenUTC = "taken_utc", receivedUTC = "received_utc", lmst, ltst, sclk, site, drive, xyz, attitude
    case mastAzimuth = "mast_azimuth", mastElevation = "mast_elevation", cameraModel = "camera_model"
    case cameraPosition = "camera_position", cameraVector = "camera_vector", width, height, subframe
    case scaleFactor = "scale_factor", filter, title, caption, credit
  }

  /// The raw feeds' own keys, written only where a service sent them (the Photos API's shape has none).
  enum FeedKeys: String, CodingKey {
    case dateTaken = "date_taken", sampleType = "sample_type", imageFiles = "image_files"
  }

  /// Reads the keys rover writes; a key that is missing, null or of the wrong type is nil.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func value<T: Decodable>(_ key: CodingKeys) -> T? { (try? container.decodeIfPresent(T.self, forKey: key)) ?? nil }
    takenUTC = value(.takenUTC)
    receivedUTC = value(.receivedUTC)
    lmst = value(.lmst)
    ltst = value(.ltst)
    sclk = value(.sclk)
    site = value(.site)
    drive = value(.drive)
    xyz = value(.xyz)
    attitude = value(.attitude)
    mastAzimuth = value(.mastAzimuth)
    mastElevation = value(.mastElevation)
    cameraModel = value(.cameraModel)
    cameraPosition = value(.cameraPosition)
    cameraVector = value(.cameraVector)
    width = value(.width)
    height = value(.height)
    subframe = value(.subframe)
    scaleFactor = value(.scaleFactor)
    filter = value(.filter)
    title = value(.title)
    caption = value(.caption)
    credit = value(.credit)
    let feed = try decoder.container(keyedBy: FeedKeys.self)
    dateTaken = (try? feed.decodeIfPresent(String.self, forKey: .dateTaken)) ?? nil
    sampleType = (try? feed.decodeIfPresent(String.self, forKey: .sampleType)) ?? nil
    imageFiles = (try? feed.decodeIfPresent([String: String].self, forKey: .imageFiles)) ?? nil
  }

  /// Writes every key, `null` where unknown, so `jq '.sclk'` means the same on every service.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(takenUTC, forKey: .takenUTC)
    try container.encode(receivedUTC, forKey: .receivedUTC)
    try container.encode(lmst, forKey: .lmst)
    try container.encode(ltst, forKey: .ltst)
    try container.encode(sclk, forKey: .sclk)
    try container.encode(site, forKey: .site)
    try container.encode(drive, forKey: .drive)
    try container.encode(xyz, forKey: .xyz)
    try container.encode(attitude, forKey: .attitude)
    try container.encode(mastAzimuth, forKey: .mastAzimuth)
    try container.encode(mastElevation, forKey: .mastElevation)
    try container.encode(cameraModel, forKey: .cameraModel)
    try container.encode(cameraPosition, forKey: .cameraPosition)
    try container.encode(cameraVector, forKey: .cameraVector)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
    try container.encode(subframe, forKey: .subframe)
    try container.encode(scaleFactor, forKey: .scaleFactor)
    try container.encode(filter, forKey: .filter)
    try container.encode(title, forKey: .title)
    try container.encode(caption, forKey: .caption)
    try container.encode(credit, forKey: .credit)
    var feed = encoder.container(keyedBy: FeedKeys.self)
    try feed.encodeIfPresent(dateTaken, forKey: .dateTaken)
    try feed.encodeIfPresent(sampleType, forKey: .sampleType)
    try feed.encodeIfPresent(imageFiles, forKey: .imageFiles)
  }
}

/// The frame's identity from its file name, as a photo's JSON carries it: `eye`, `product`, `sequence`, `tile`,
/// `version`, `null` where the name does not say (or is no NASA name at all).
struct FrameNameFields: Encodable {
  var name: FrameName?

  enum CodingKeys: String, CodingKey {
    case eye, product, sequence, tile, version
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name?.eye?.rawValue, forKey: .eye)
    try container.encode(name?.product, forKey: .product)
    try container.encode(name?.sequence, forKey: .sequence)
    try container.encode(name?.tile, forKey: .tile)
    try container.encode(name?.version, forKey: .version)
  }
}
