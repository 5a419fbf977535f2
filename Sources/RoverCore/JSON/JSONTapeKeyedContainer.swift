/// One object of a `JSONTape`, looked up by key. Absent keys and nulls answer as `JSONDecoder` answers them.
struct JSONTapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let tape: JSONTape
  let object: Int

  var codingPath: [any CodingKey] { [] }

  var allKeys: [Key] { ((try? tape.keys(of: object)) ?? []).compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { (try? member(key)) != nil }

  private func member(_ key: Key) throws -> Int {
    guard let node = try tape.member(key.stringValue, of: object) else {
      throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "absent"))
    }
    return node
  }

  /// The node of a present, non-null key; nil otherwise.
  private func presentMember(_ key: Key) throws -> Int? {
    guard let node = try tape.member(key.stringValue, of: object), tape.kind(node) != .null else { return nil }
    return node
  }

  func decodeNil(forKey key: Key) throws -> Bool { tape.kind(try member(key)) == .null }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try tape.bool(try member(key)) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try tape.string(try member(key)) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try tape.double(try member(key)) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw tape.unsure("Float") }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try tape.integer(type, try member(key)) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try tape.integer(type, try member(key)) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try tape.integer(type, try member(key)) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try tape.integer(type, try member(key)) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try tape.integer(type, try member(key)) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try tape.integer(type, try member(key)) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try tape.integer(type, try member(key)) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try tape.integer(type, try member(key)) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try tape.integer(type, try member(key)) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try tape.integer(type, try member(key)) }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try tape.decode(type, at: try member(key))
  }

  // The common optional lookups in one pass over the object instead of three.
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try presentMember(key).map { try tape.string($0) }
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try presentMember(key).map { try tape.integer(type, $0) }
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try presentMember(key).map { try tape.decode(type, at: $0) }
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try JSONTapeDecoder(tape: tape, node: try member(key)).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try JSONTapeDecoder(tape: tape, node: try member(key)).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { throw tape.unsure("superDecoder") }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw tape.unsure("superDecoder") }
}
