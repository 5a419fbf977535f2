/// A rover's mission summary with one entry per sol that has photos, sorted by sol because the original
/// service's SQL has no ORDER BY.
public struct PhotoManifest: Hashable, Sendable {
  /// The rover with its mission totals (``Rover/maxSol``, ``Rover/totalPhotos``).
  public var rover: Rover
  /// Every sol that has photos, in sol order; a sol without photos has no entry.
  public var sols: [SolDescription]

  /// A manifest from its parts; `sols` is sorted by sol, whatever order it came in.
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

  /// Reads the service's `photo_manifest` object: the rover's fields and a `photos` list of sols (absent: none).
  /// - Throws: `DecodingError` when the rover's `name` or a sol's `sol` is missing or invalid.
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
package struct ManifestSummary: Encodable, Sendable {
  /// The rover and its totals.
  package var rover: Rover

  /// The summary of `manifest`: its rover, without the sols.
  package init(_ manifest: PhotoManifest) { rover = manifest.rover }

  /// Writes the rover's identity, dates and totals, with explicit nulls, as `rover manifest --json` prints them.
  /// - Throws: what the encoder throws.
  package func encode(to encoder: any Encoder) throws {
    try rover.encode(to: encoder, including: .totals)
  }
}
