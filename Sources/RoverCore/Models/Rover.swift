/// A rover and its mission totals. Totals are optional because a rover with no photos has none, and photos embed
/// only a rover's identity.
public struct Rover: Hashable, Sendable {
  /// The Photos API's numeric rover id; nil on services that have none.
  public var id: Int?
  /// The name as the service spells it (`Curiosity`); see ``Mission/init(name:)`` for the mission it means.
  public var name: String
  /// The landing day (UTC), where the service gives it.
  public var landingDate: CalendarDate?
  /// The launch day (UTC), where the service gives it.
  public var launchDate: CalendarDate?
  /// Whether the mission still sends photos.
  public var status: RoverStatus
  /// The newest sol with photos; nil for a rover with no photos yet, and in photos (which carry no totals).
  public var maxSol: Int?
  /// The Earth date (UTC) of ``maxSol``.
  public var maxDate: CalendarDate?
  /// Photos over the whole mission, as the service counts them.
  public var totalPhotos: Int?
  /// The rover's cameras, where the service lists them (``PhotoClient/rovers()`` does; photos and manifests do not).
  public var cameras: [Camera]?

  /// A rover from its parts; only the name is required, the rest is nil or `unknown` until a service says.
  public init(
    id: Int? = nil, name: String, landingDate: CalendarDate? = nil, launchDate: CalendarDate? = nil,
    status: RoverStatus = .other("unknown"), maxSol: Int? = nil, maxDate: CalendarDate? = nil,
    totalPhotos: Int? = nil, cameras: [Camera]? = nil
  ) {
    self.id = id
    self.name = name
    self.landingDate = landingDate
    self.launchDate = launchDate
    self.status = status
    self.maxSol = maxSol
    self.maxDate = maxDate
    self.totalPhotos = totalPhotos
    self.cameras = cameras
  }
}

extension Rover: Codable {
  enum CodingKeys: String, CodingKey {
    case id, name, status, cameras
    case landingDate = "landing_date"
    case launchDate = "launch_date"
    case maxSol = "max_sol"
    case maxDate = "max_date"
    case totalPhotos = "total_photos"
  }

  /// Reads any service's rover object leniently: numbers as strings, dates with times, Mars Vista's
  /// `max_sol: 0, max_date: ""` read as "no photos yet" (nil), an unreadable status or camera list left unknown.
  /// - Throws: `DecodingError` when `name` is missing or not a string.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = container.lenientInt(forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    landingDate = container.lenientDate(forKey: .landingDate)
    launchDate = container.lenientDate(forKey: .launchDate)
    status = (try? container.decodeIfPresent(RoverStatus.self, forKey: .status)) ?? .other("unknown")
    maxDate = container.lenientDate(forKey: .maxDate)
    // Mars Vista says `max_sol: 0, max_date: ""` where the original says null: both mean "no photos yet". A
    // negative sol is kept as sent: every listing checks the latest sol first (`SolBound`) and refuses it there,
    // naming the service and the number (exit 65), rather than listing nothing and succeeding.
    let sol = container.lenientInt(forKey: .maxSol)
    maxSol = (sol == 0 && maxDate == nil) ? nil : sol
    totalPhotos = container.lenientInt(forKey: .totalPhotos)
    cameras = try? container.decodeIfPresent([Camera].self, forKey: .cameras)
  }

  /// Always writes every mission field, with explicit nulls, so `jq '.max_sol'` means the same on every service.
  /// - Throws: what the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    try encode(to: encoder, including: [.id, .totals, .cameras])
  }

  /// The parts of a rover each service shape carries.
  struct Fields: OptionSet {
    let rawValue: Int
    static let id = Fields(rawValue: 1)
    /// `max_sol`, `max_date`, `total_photos`.
    static let totals = Fields(rawValue: 2)
    static let cameras = Fields(rawValue: 4)
  }

  /// The identity-and-dates core always, then what `fields` asks for: photos embed only the core, manifests add
  /// the totals but no id or cameras.
  func encode(to encoder: any Encoder, including fields: Fields) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if fields.contains(.id) { try container.encodeIfPresent(id, forKey: .id) }
    try container.encode(name, forKey: .name)
    try container.encode(landingDate, forKey: .landingDate)
    try container.encode(launchDate, forKey: .launchDate)
    try container.encode(status, forKey: .status)
    if fields.contains(.totals) {
      try container.encode(maxSol, forKey: .maxSol)
      try container.encode(maxDate, forKey: .maxDate)
      try container.encode(totalPhotos, forKey: .totalPhotos)
    }
    if fields.contains(.cameras) { try container.encode(cameras ?? [], forKey: .cameras) }
  }
}
