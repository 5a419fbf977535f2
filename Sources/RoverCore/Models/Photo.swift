/// One rover image. Two photos are the same photo when their ids match, whatever else a service changed.
public struct Photo: Sendable {
  public var id: PhotoID
  public var sol: Int
  public var camera: Camera
  public var imageSource: String
  public var earthDate: CalendarDate
  public var rover: Rover
  /// Only from NASA's raw feeds; written as extra keys in JSON so filters written for the API copies still work.
  public var details: PhotoDetails?

  public init(
    id: PhotoID, sol: Int, camera: Camera, imageSource: String, earthDate: CalendarDate, rover: Rover,
    details: PhotoDetails? = nil
  ) {
    self.id = id
    self.sol = sol
    self.camera = camera
    self.imageSource = imageSource
    self.earthDate = earthDate
    self.rover = rover
    self.details = details
  }

  /// The rover's name as users type it in commands and file names.
  public var roverName: String { rover.name }
}

extension Photo: Hashable {
  public static func == (lhs: Photo, rhs: Photo) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension Photo: Codable {
  enum CodingKeys: String, CodingKey {
    case id, sol, camera, rover
    case imageSource = "img_src"
    case earthDate = "earth_date"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(PhotoID.self, forKey: .id)
    sol = try container.requiredInt(forKey: .sol)
    camera = try container.decode(Camera.self, forKey: .camera)
    imageSource = try container.decode(String.self, forKey: .imageSource)
    guard let date = container.lenientDate(forKey: .earthDate) else {
      throw DecodingError.dataCorruptedError(
        forKey: .earthDate, in: container, debugDescription: "missing or invalid earth_date")
    }
    earthDate = date
    rover = try container.decode(Rover.self, forKey: .rover)
    let details = try? PhotoDetails(from: decoder)
    self.details = details?.isEmpty == false ? details : nil
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(sol, forKey: .sol)
    try container.encode(camera, forKey: .camera)
    try container.encode(imageSource, forKey: .imageSource)
    try container.encode(earthDate, forKey: .earthDate)
    try rover.encode(to: container.superEncoder(forKey: .rover), including: [.id])
    try details?.encode(to: encoder)
  }
}
