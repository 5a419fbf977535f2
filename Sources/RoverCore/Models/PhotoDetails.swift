/// What NASA's raw feeds say about an image beyond the API copies' fields: capture time, sample type, every size.
public struct PhotoDetails: Hashable, Sendable, Codable {
  /// The capture time in UTC, ISO 8601 as the feed sends it.
  public var dateTaken: String?
  /// `full`, `thumbnail`, `subframe`… lower-cased.
  public var sampleType: String?
  /// Image URLs by size: `small`, `medium`, `large`, `full`.
  public var imageFiles: [String: String]?
  /// The feed's caption for the image, where it has one.
  public var title: String?

  /// Details from their parts, each nil when the feed did not send it.
  public init(
    dateTaken: String? = nil, sampleType: String? = nil, imageFiles: [String: String]? = nil, title: String? = nil
  ) {
    self.dateTaken = dateTaken
    self.sampleType = sampleType
    self.imageFiles = imageFiles
    self.title = title
  }

  enum CodingKeys: String, CodingKey {
    case title
    case dateTaken = "date_taken"
    case sampleType = "sample_type"
    case imageFiles = "image_files"
  }

  /// Writes the details' keys but `title`, which the photo writes with its metadata (always, `null` if none).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(dateTaken, forKey: .dateTaken)
    try container.encodeIfPresent(sampleType, forKey: .sampleType)
    try container.encodeIfPresent(imageFiles, forKey: .imageFiles)
  }

  var isEmpty: Bool { dateTaken == nil && sampleType == nil && imageFiles == nil && title == nil }
}
