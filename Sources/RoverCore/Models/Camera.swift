/// A camera as the services send it: `id` and `rover_id` appear only in some shapes, so both are optional.
public struct Camera: Hashable, Sendable {
  public var id: Int?
  public var name: String
  public var fullName: String?
  public var roverID: Int?

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

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = container.lenientInt(forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    fullName = container.lenientString(forKey: .fullName)
    roverID = container.lenientInt(forKey: .roverID)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encodeIfPresent(roverID, forKey: .roverID)
    try container.encodeIfPresent(fullName, forKey: .fullName)
  }
}
