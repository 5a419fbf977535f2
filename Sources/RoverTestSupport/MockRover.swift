/// A rover row: what `/rovers` lists and every photo embeds.
public struct MockRover: Sendable, Equatable {
  public var id: Int
  /// Capitalized, as stored (`Curiosity`); routes match it case-insensitively.
  public var name: String
  /// `active` or `complete`.
  public var status: String
  /// `YYYY-MM-DD`; earth dates of photos are derived from it.
  public var landingDate: String
  /// `YYYY-MM-DD`, or nil like a row that was never seeded (the column is nullable).
  public var launchDate: String?
  /// In database order, which is how the services list them.
  public var cameras: [MockCamera]

  public init(
    id: Int, name: String, status: String, landingDate: String, launchDate: String?, cameras: [MockCamera]
  ) {
    self.id = id
    self.name = name
    self.status = status
    self.landingDate = landingDate
    self.launchDate = launchDate
    self.cameras = cameras
  }

  /// The camera called `name`, compared case-insensitively as both services do.
  public func camera(named name: String) -> MockCamera? {
    let wanted = name.uppercased()
    return cameras.first { $0.name.uppercased() == wanted }
  }
}
