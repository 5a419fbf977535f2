/// A JSON value whose objects keep their key order.
///
/// The mock writes its bodies through this instead of `JSONSerialization` so that a response reads key for key like
/// the reference's examples, byte for byte the same on every run, and `null` stays distinct from a missing key.
enum MockJSON: Sendable, ExpressibleByStringLiteral {
  case null
  case bool(Bool)
  case int(Int)
  case string(String)
  case array([MockJSON])
  case object([(String, MockJSON)])

  init(stringLiteral value: String) {
    self = .string(value)
  }

  /// `.string(value)` or `.null`.
  static func optional(_ value: String?) -> MockJSON {
    value.map(MockJSON.string) ?? .null
  }

  /// `.int(value)` or `.null`.
  static func optional(_ value: Int?) -> MockJSON {
    value.map(MockJSON.int) ?? .null
  }

  /// Compact JSON, as both services send it.
  var serialized: String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .string(let value): Self.writeString(value, to: &output)
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
        Self.writeString(member.0, to: &output)
        output += ":"
        member.1.write(to: &output)
      }
      output += "}"
    }
  }

  private static func writeString(_ value: String, to output: inout String) {
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
