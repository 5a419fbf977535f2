/// Any JSON value, kept as a service sent it: a feed's whole record travels with its photo this way, so a
/// `--metadata` sidecar can carry it under `source` for tools that read NASA's own names.
package enum JSONValue: Sendable, Hashable, Codable {
  case null
  case bool(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Deeper than this is no feed record: the rest is dropped rather than risk the stack on a hostile answer.
  static let maxDepth = 32

  package init(from decoder: any Decoder) throws {
    if let tape = decoder as? JSONTapeDecoder {
      try self.init(tape: tape.tape, node: tape.node)
      return
    }
    guard decoder.codingPath.count <= Self.maxDepth else {
      self = .null
      return
    }
    if let container = try? decoder.container(keyedBy: AnyKey.self) {
      var object: [String: JSONValue] = [:]
      for key in container.allKeys { object[key.stringValue] = try container.decode(JSONValue.self, forKey: key) }
      self = .object(object)
      return
    }
    if var container = try? decoder.unkeyedContainer() {
      var array: [JSONValue] = []
      while !container.isAtEnd { array.append(try container.decode(JSONValue.self)) }
      self = .array(array)
      return
    }
    let value = try decoder.singleValueContainer()
    if value.decodeNil() {
      self = .null
    } else if let bool = try? value.decode(Bool.self) {
      self = .bool(bool)
    } else if let integer = try? value.decode(Int.self) {
      self = .integer(integer)
    } else if let number = try? value.decode(Double.self) {
      self = .number(number)
    } else {
      self = .string(try value.decode(String.self))
    }
  }

  /// The value at `node`, read by its kind: the same answers (and the same doubts, which send the whole text to
  /// `JSONDecoder`) as `init(from:)` over the tape, which tries one shape after another and pays for an error at each
  /// wrong guess, about 50 a feed record. The tape's depth limit (64) bounds the recursion.
  init(tape: JSONTape, node: Int) throws {
    switch tape.kind(node) {
    case .object:
      // A key given twice leaves the object empty and the tape unsure, as `allKeys` does.
      let names = (try? tape.keys(of: node)) ?? []
      var object: [String: JSONValue] = [:]
      for (name, value) in zip(names, tape.values(of: node)) { object[name] = try JSONValue(tape: tape, node: value) }
      self = .object(object)
    case .array:
      self = .array(try tape.elements(of: node).map { try JSONValue(tape: tape, node: $0) })
    case .null:
      self = .null
    case .true, .false:
      self = .bool(try tape.bool(node))
    case .integer:
      // Beyond Int's range: a Double, as `JSONDecoder` gives.
      if let integer = try? tape.integer(Int.self, node) {
        self = .integer(integer)
      } else {
        self = .number(try tape.double(node))
      }
    case .number:
      throw tape.unsure("a number with a fraction or exponent")
    case .plainString, .string:
      self = .string(try tape.string(node))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value): try value.encode(to: encoder)
    case .integer(let value): try value.encode(to: encoder)
    case .number(let value): try value.encode(to: encoder)
    case .string(let value): try value.encode(to: encoder)
    case .array(let values): try values.encode(to: encoder)
    case .object(let members):
      var container = encoder.container(keyedBy: AnyKey.self)
      for (key, value) in members { try container.encode(value, forKey: AnyKey(key)) }
    }
  }

  /// Any key at all.
  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
