/// A rover's mission status; an unknown word from a service is kept rather than failing the whole response.
public enum RoverStatus: Hashable, Sendable, CustomStringConvertible {
  case active
  case complete
  case other(String)

  public init(rawValue: String) {
    switch rawValue.lowercased() {
    case "active": self = .active
    case "complete": self = .complete
    default: self = .other(rawValue)
    }
  }

  public var rawValue: String {
    switch self {
    case .active: return "active"
    case .complete: return "complete"
    case .other(let value): return value
    }
  }

  public var description: String { rawValue }
}

extension RoverStatus: Codable {
  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
