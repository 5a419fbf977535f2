/// One sol of a rover's manifest: how many photos it has and from which cameras.
public struct SolDescription: Hashable, Sendable {
  public var sol: Int
  public var earthDate: CalendarDate?
  public var totalPhotos: Int
  public var cameras: [String]

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

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    sol = try container.requiredInt(forKey: .sol)
    earthDate = container.lenientDate(forKey: .earthDate)
    totalPhotos = container.lenientInt(forKey: .totalPhotos) ?? 0
    cameras = (try? container.decodeIfPresent([String].self, forKey: .cameras)) ?? []
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(sol, forKey: .sol)
    try container.encode(earthDate, forKey: .earthDate)
    try container.encode(totalPhotos, forKey: .totalPhotos)
    try container.encode(cameras, forKey: .cameras)
  }
}
