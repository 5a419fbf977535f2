/// A camera as the services send it: `id` and `rover_id` appear only in some shapes, so both are optional.
public struct Camera: Hashable, Sendable {
  /// The Photos API's numeric camera id; nil on services that have none (the raw feeds, the PDS).
  public var id: Int?
  /// The short name filters use: `FHAZ`, `NAVCAM_LEFT`, `MAST`. Compare it case-insensitively: services differ.
  public var name: String
  /// The long name, `Front Hazard Avoidance Camera`, where the service sends one.
  public var fullName: String?
  /// The Photos API's id of the rover carrying the camera; nil where the service leaves it out.
  public var roverID: Int?

  /// A camera from its parts; only the name is required, as only the name is common to every service.
  public init(id: Int? = nil, name: String, fullName: String? = nil, roverID: Int? = nil) {
    self.id = id
    self.name = name
    self.fullName = fullName
    self.roverID = roverID
  }
}

extension Camera: Codable {
  enum CodingKeys: String, CodingKey {
    case id, name
    case fullName = "full_name"
    case roverID = "rover_id"
  }

  /// Reads any service's camera object, taking numbers sent as strings and missing optional keys in its stride.
  /// - Throws: `DecodingError` when `name` is missing or not a string.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = container.lenientInt(forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    fullName = container.lenientString(forKey: .fullName)
    roverID = container.lenientInt(forKey: .roverID)
  }

  /// Writes the Photos API's camera object (`id`, `name`, `rover_id`, `full_name`), leaving out absent keys.
  /// - Throws: what the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encodeIfPresent(roverID, forKey: .roverID)
    try container.encodeIfPresent(fullName, forKey: .fullName)
  }
}
