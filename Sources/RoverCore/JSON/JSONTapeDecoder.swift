/// `Decoder` over one node of a `JSONTape`: the models' own `init(from:)` runs unchanged, so their lenient rules
/// are written once.
struct JSONTapeDecoder: Decoder {
  let tape: JSONTape
  let node: Int

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  /// How many members the object here has (0 for any other value), without reading their names: a model with
  /// many optional keys skips looking for them when only its required ones are there.
  var memberCount: Int { tape.kind(node) == .object ? tape.memberCount(of: node) : 0 }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard tape.kind(node) == .object else { throw tape.mismatch([String: Any].self, node) }
    return KeyedDecodingContainer(JSONTapeKeyedContainer<Key>(tape: tape, object: node))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard tape.kind(node) == .array else { throw tape.mismatch([Any].self, node) }
    return JSONTapeUnkeyedContainer(tape: tape, elements: tape.elements(of: node))
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    JSONTapeSingleValueContainer(tape: tape, node: node)
  }
}
