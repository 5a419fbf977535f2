/// One value of a `JSONTape`: ids and statuses decode through it.
struct JSONTapeSingleValueContainer: SingleValueDecodingContainer {
  let tape: JSONTape
  let node: Int

  var codingPath: [any CodingKey] { [] }

  func decodeNil() -> Bool { tape.kind(node) == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try tape.bool(node) }
  func decode(_ type: String.Type) throws -> String { try tape.string(node) }
  func decode(_ type: Double.Type) throws -> Double { try tape.double(node) }
  func decode(_ type: Float.Type) throws -> Float { throw tape.unsure("Float") }
  func decode(_ type: Int.Type) throws -> Int { try tape.integer(type, node) }
  func decode(_ type: Int8.Type) throws -> Int8 { try tape.integer(type, node) }
  func decode(_ type: Int16.Type) throws -> Int16 { try tape.integer(type, node) }
  func decode(_ type: Int32.Type) throws -> Int32 { try tape.integer(type, node) }
  func decode(_ type: Int64.Type) throws -> Int64 { try tape.integer(type, node) }
  func decode(_ type: UInt.Type) throws -> UInt { try tape.integer(type, node) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try tape.integer(type, node) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try tape.integer(type, node) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try tape.integer(type, node) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try tape.integer(type, node) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try tape.decode(type, at: node) }
}
