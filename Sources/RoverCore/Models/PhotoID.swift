/// A photo's identity: an integer on the API copies, a string (`NLF_0100_…`) on NASA's raw feeds.
public enum PhotoID: Hashable, Sendable, CustomStringConvertible {
  /// An id on the Photos-API copies (nebulum, Mars Vista, nasa): `102693`.
  case number(Int)
  /// An id on NASA's raw feeds and the PDS: the product id, such as `NLF_0100_0675061320_541ECM_N0040372…`.
  case text(String)

  /// Reads an id typed on the command line: digits become a number so `102693` matches the services' integer ids.
  public init(argument: String) {
    if let number = Int(argument), number >= 0 {
      self = .number(number)
    } else {
      self = .text(argument)
    }
  }

  /// The id as typed and printed: the number's digits, or the text unchanged.
  public var description: String {
    switch self {
    case .number(let value): return String(value)
    case .text(let value): return value
    }
  }
}

extension PhotoID: Codable {
  /// Reads a JSON number or string; a string of digits becomes a number, so a quoted id equals the same id unquoted.
  /// - Throws: `DecodingError` when the value is neither a number nor a string.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      self = .number(number)
    } else {
      // Some feeds quote numeric ids; "593842" must equal 593842 or de-duplication would miss it.
      self = PhotoID(argument: try container.decode(String.self))
    }
  }

  /// Writes a number as a JSON number and text as a string, as the services send them.
  /// - Throws: what the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .number(let value): try container.encode(value)
    case .text(let value): try container.encode(value)
    }
  }
}
