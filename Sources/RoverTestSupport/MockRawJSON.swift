/// `MockJSON` plus decimal numbers, which the raw feeds need (Curiosity's `spacecraft_clock` is a float).
///
/// Scalars and strings are written by `MockJSON`, so escaping and key order work exactly as in the other mocks.
enum MockRawJSON: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
  case scalar(MockJSON)
  /// A JSON number written as given, e.g. `813049077.652`.
  case decimal(String)
  case array([MockRawJSON])
  case object([(String, MockRawJSON)])

  static let null = MockRawJSON.scalar(.null)

  init(stringLiteral value: String) {
    self = .scalar(.string(value))
  }

  init(integerLiteral value: Int) {
    self = .scalar(.int(value))
  }

  init(booleanLiteral value: Bool) {
    self = .scalar(.bool(value))
  }

  static func string(_ value: String) -> MockRawJSON {
    .scalar(.string(value))
  }

  static func int(_ value: Int) -> MockRawJSON {
    .scalar(.int(value))
  }

  static func bool(_ value: Bool) -> MockRawJSON {
    .scalar(.bool(value))
  }

  /// `.string(value)` or `null`.
  static func optional(_ value: String?) -> MockRawJSON {
    .scalar(.optional(value))
  }

  /// `.int(value)` or `null`.
  static func optional(_ value: Int?) -> MockRawJSON {
    .scalar(.optional(value))
  }

  /// Compact JSON.
  var serialized: String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .scalar(let value):
      output += value.serialized
    case .decimal(let text):
      output += text
    case .array(let items):
      output += "["
      for (index, item) in items.enumerated() {
        if index > 0 { output += "," }
        item.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        output += MockJSON.string(member.0).serialized + ":"
        member.1.write(to: &output)
      }
      output += "}"
    }
  }
}
