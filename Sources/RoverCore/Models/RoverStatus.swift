/// A rover's mission status; an unknown word from a service is kept rather than failing the whole response.
public enum RoverStatus: Hashable, Sendable, CustomStringConvertible {
  /// Still operating and sending photos: its manifest and latest sols change, so answers are cached briefly.
  case active
  /// The mission is over: its data no longer changes.
  case complete
  /// A word no service used when this was written, kept as sent.
  case other(String)

  /// The status a service's word means, whatever its case; an unknown word becomes ``other(_:)``.
  public init(rawValue: String) {
    switch rawValue.lowercased() {
    case "active": self = .active
    case "complete": self = .complete
    default: self = .other(rawValue)
    }
  }

  /// The word written back: `active`, `complete`, or the unknown word as it came.
  public var rawValue: String {
    switch self {
    case .active: return "active"
    case .complete: return "complete"
    case .other(let value): return value
    }
  }

  /// The same as ``rawValue``.
  public var description: String { rawValue }
}

extension RoverStatus: Codable {
  /// Reads the JSON string; any word is accepted.
  /// - Throws: `DecodingError` when the value is not a string.
  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
  }

  /// Writes ``rawValue`` as a JSON string.
  /// - Throws: what the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
