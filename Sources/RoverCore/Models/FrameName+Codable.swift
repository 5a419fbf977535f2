import Foundation

// MARK: - Codable

extension FrameName {
  /// The JSON keys, in the order they are written; `stem` is read if present but never written.
  enum CodingKeys: String, CodingKey {
    case mission, camera, eye, color, filter, sol, sclk, product, thumbnail, site, drive, sequence, tile
    case downsample, compression, version, stem
  }

  /// Reads the fields written by ``encode(to:)``; absent or `null` optionals stay `nil`.
  ///
  /// - Throws: `DecodingError` when `mission`, `camera`, `product` or `thumbnail` is missing or mistyped.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    mission = try container.decode(Grammar.self, forKey: .mission)
    camera = try container.decode(String.self, forKey: .camera)
    eye = try container.decodeIfPresent(Eye.self, forKey: .eye)
    color = try container.decodeIfPresent(String.self, forKey: .color)
    filter = try container.decodeIfPresent(String.self, forKey: .filter)
    sol = try container.decodeIfPresent(Int.self, forKey: .sol)
    sclk = try container.decodeIfPresent(Double.self, forKey: .sclk)
    product = try container.decode(String.self, forKey: .product)
    thumbnail = try container.decode(Bool.self, forKey: .thumbnail)
    site = try container.decodeIfPresent(Int.self, forKey: .site)
    drive = try container.decodeIfPresent(Int.self, forKey: .drive)
    sequence = try container.decodeIfPresent(String.self, forKey: .sequence)
    tile = try container.decodeIfPresent(Int.self, forKey: .tile)
    downsample = try container.decodeIfPresent(Int.self, forKey: .downsample)
    compression = try container.decodeIfPresent(String.self, forKey: .compression)
    version = try container.decodeIfPresent(Int.self, forKey: .version)
    stem = try container.decodeIfPresent(String.self, forKey: .stem) ?? ""
  }

  /// Writes the sixteen decoded fields, an absent value as an explicit JSON `null` (key order is the encoder's:
  /// `rover decode` writes them in the documented order itself).
  ///
  /// - Throws: whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(mission, forKey: .mission)
    try container.encode(camera, forKey: .camera)
    try Self.encode(eye, .eye, &container)
    try Self.encode(color, .color, &container)
    try Self.encode(filter, .filter, &container)
    try Self.encode(sol, .sol, &container)
    try Self.encode(sclk, .sclk, &container)
    try container.encode(product, forKey: .product)
    try container.encode(thumbnail, forKey: .thumbnail)
    try Self.encode(site, .site, &container)
    try Self.encode(drive, .drive, &container)
    try Self.encode(sequence, .sequence, &container)
    try Self.encode(tile, .tile, &container)
    try Self.encode(downsample, .downsample, &container)
    try Self.encode(compression, .compression, &container)
    try Self.encode(version, .version, &container)
  }

  private static func encode<T: Encodable>(
    _ value: T?, _ key: CodingKeys, _ container: inout KeyedEncodingContainer<CodingKeys>
  ) throws {
    // encodeIfPresent would omit the key; readers of rover's JSON expect every key, null when unknown.
    if let value {
      try container.encode(value, forKey: key)
    } else {
      try container.encodeNil(forKey: key)
    }
  }
}
