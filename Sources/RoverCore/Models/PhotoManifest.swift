/// A rover's mission summary with one entry per sol that has photos, sorted by sol because the original
/// service's SQL has no ORDER BY.
public struct PhotoManifest: Hashable, Sendable {
  public var rover: Rover
  public var sols: [SolDescription]

  public init(rover: Rover, sols: [SolDescription]) {
    self.rover = rover
    self.sols = sols.sorted { $0.sol < $1.sol }
  }

  /// The sols in `range` that have photos, optionally only those where `camera` took some.
  public func sols(in range: ClosedRange<Int>? = nil, camera: String? = nil) -> [SolDescription] {
    sols.filter { entry in
      (range?.contains(entry.sol) ?? true)
        && (camera.map { name in entry.cameras.contains { $0.caseInsensitiveCompare(name) == .orderedSame } } ?? true)
    }
  }
}

extension PhotoManifest: Codable {
  enum CodingKeys: String, CodingKey {
    case photos
  }

  public init(from decoder: any Decoder) throws {
    let rover = try Rover(from: decoder)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let entries = (try container.decodeIfPresent([SolDescription].self, forKey: .photos)) ?? []
    self.init(rover: rover, sols: entries)
  }

  /// Writes the service's own `photo_manifest` object: the rover's fields, then `photos`.
  public func encode(to encoder: any Encoder) throws {
    try rover.encode(to: encoder, including: .totals)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(sols, forKey: .photos)
  }
}

/// The manifest's summary without the per-sol list, in the service's field names.
public struct ManifestSummary: Encodable, Sendable {
  public var rover: Rover

  public init(_ manifest: PhotoManifest) { rover = manifest.rover }

  public func encode(to encoder: any Encoder) throws {
    try rover.encode(to: encoder, including: .totals)
  }
}
