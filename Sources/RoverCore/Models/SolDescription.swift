/// One sol of a rover's manifest: how many photos it has and from which cameras.
public struct SolDescription: Hashable, Sendable {
  /// The mission day: from 0 at landing (from 1 for Spirit and Opportunity).
  public var sol: Int
  /// The Earth date (UTC) the service gives the sol; nil where it gives none.
  public var earthDate: CalendarDate?
  /// Photos the service counts for the sol, every camera together; a listing compares against it.
  public var totalPhotos: Int
  /// The names of the cameras that shot on the sol (``Camera/name``).
  public var cameras: [String]

  /// A sol's entry from its parts.
  public init(sol: Int, earthDate: CalendarDate?, totalPhotos: Int, cameras: [String]) {
    self.sol = sol
    self.earthDate = earthDate
    self.totalPhotos = totalPhotos
    self.cameras = cameras
  }
}

extension SolDescription: Codable {
  enum CodingKeys: String, CodingKey {
    case sol, cameras
    case earthDate = "earth_date"
    case totalPhotos = "total_photos"
  }

  /// Reads a manifest entry leniently: a missing count is 0, missing cameras none.
  /// - Throws: `DecodingError` when `sol` is missing or not an integer.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    sol = try container.requiredInt(forKey: .sol)
    earthDate = container.lenientDate(forKey: .earthDate)
    totalPhotos = container.lenientInt(forKey: .totalPhotos) ?? 0
    cameras = (try? container.decodeIfPresent([String].self, forKey: .cameras)) ?? []
  }

  /// Writes `sol`, `earth_date` (null when unknown), `total_photos` and `cameras`.
  /// - Throws: what the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(sol, forKey: .sol)
    try container.encode(earthDate, forKey: .earthDate)
    try container.encode(totalPhotos, forKey: .totalPhotos)
    try container.encode(cameras, forKey: .cameras)
  }
}
