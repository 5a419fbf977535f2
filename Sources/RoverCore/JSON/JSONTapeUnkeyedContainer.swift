/// The elements of one array of a `JSONTape`, in order.
struct JSONTapeUnkeyedContainer: UnkeyedDecodingContainer {
  let tape: JSONTape
  let elements: [Int]
  private(set) var currentIndex = 0

  init(tape: JSONTape, elements: [Int]) {
    self.tape = tape
    self.elements = elements
  }

  var codingPath: [any CodingKey] { [] }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  /// The next element's node, consumed only when `body` succeeds (as Foundation leaves a failed one in place).
  private mutating func next<T>(_ body: (JSONTape, Int) throws -> T) throws -> T {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(T.self, .init(codingPath: [], debugDescription: "at end"))
    }
    let value = try body(tape, elements[currentIndex])
    currentIndex += 1
    return value
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(Any.self, .init(codingPath: [], debugDescription: "at end"))
    }
    guard tape.kind(elements[currentIndex]) == .null else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try next { tape, node in try tape.bool(node) } }
  mutating func decode(_ type: String.Type) throws -> String { try next { tape, node in try tape.string(node) } }
  mutating func decode(_ type: Double.Type) throws -> Double { try next { tape, node in try tape.double(node) } }
  mutating func decode(_ type: Float.Type) throws -> Float {
    try next { tape, _ in throw tape.unsure("Float") }
  }
  mutating func decode(_ type: Int.Type) throws -> Int { try next { tape, node in try tape.integer(type, node) } }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try next { tape, node in try tape.integer(type, node) } }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try next { tape, node in try tape.integer(type, node) } }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try next { tape, node in try tape.integer(type, node) } }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try next { tape, node in try tape.integer(type, node) } }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try next { tape, node in try tape.integer(type, node) } }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next { tape, node in try tape.integer(type, node) } }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next { tape, node in try tape.integer(type, node) } }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next { tape, node in try tape.integer(type, node) } }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next { tape, node in try tape.integer(type, node) } }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try next { tape, node in try tape.decode(type, at: node) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try next { tape, node in try JSONTapeDecoder(tape: tape, node: node).container(keyedBy: type) }
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next { tape, node in try JSONTapeDecoder(tape: tape, node: node).unkeyedContainer() }
  }

  mutating func superDecoder() throws -> any Decoder { throw tape.unsure("superDecoder") }
}
