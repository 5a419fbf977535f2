/// A photo's identity: an integer on the API copies, a string (`NLF_0100_…`) on NASA's raw feeds.
public enum PhotoID: Hashable, Sendable, CustomStringConvertible {
  case number(Int)
  case text(String)

  /// Reads an id typed on the command line: digits become a number so `102693` matches the services' integer ids.
  public init(argument: String) {
    if let number = Int(argument), number >= 0 {
      self = .number(number)
    } else {
      self = .text(argument)
    }
  }

  public var description: String {
    switch self {
    case .number(let value): return String(value)
    case .text(let value): return value
    }
  }
}

extension PhotoID: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      self = .number(number)
    } else {
      // Some feeds quote numeric ids; "593842" must equal 593842 or de-duplication would miss it.
      self = PhotoID(argument: try container.decode(String.self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .number(let value): try container.encode(value)
    case .text(let value): try container.encode(value)
    }
  }
}
