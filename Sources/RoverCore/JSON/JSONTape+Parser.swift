extension JSONTape {
  /// RFC 8259's grammar, strictly: what it accepts, Foundation's parser accepts too.
  struct Parser {
    let buffer: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Set when the text holds more than `JSONTape.maxNodes` values.
    var tooMany = false

    mutating func skipSpace() {
      while index < buffer.count {
        let byte = buffer[index]
        guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
        index += 1
      }
    }

    /// Appends the value at `index` and its subtree; false for anything but valid JSON within the depth.
    mutating func value(into nodes: inout [Node], depth: Int) -> Bool {
      skipSpace()
      guard index < buffer.count, depth <= JSONTape.maxDepth else { return false }
      guard nodes.count < JSONTape.maxNodes else {
        tooMany = true
        return false
      }
      let me = nodes.count
      let start = index
      switch buffer[index] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = buffer[index] == UInt8(ascii: "{")
        nodes.append(Node(kind: isObject ? .object : .array, start: start, end: start, next: 0))
        index += 1
        guard members(into: &nodes, keyed: isObject, depth: depth) else { return false }
      case UInt8(ascii: "\""):
        return string(into: &nodes)
      case UInt8(ascii: "t"):
        return literal("true", .true, into: &nodes)
      case UInt8(ascii: "f"):
        return literal("false", .false, into: &nodes)
      case UInt8(ascii: "n"):
        return literal("null", .null, into: &nodes)
      default:
        return number(into: &nodes)
      }
      nodes[me].end = index
      nodes[me].next = nodes.count
      return true
    }

    /// A container's members after its opening bracket, through its closing one: values, each after a key and a
    /// colon in an object.
    private mutating func members(into nodes: inout [Node], keyed: Bool, depth: Int) -> Bool {
      let close = keyed ? UInt8(ascii: "}") : UInt8(ascii: "]")
      skipSpace()
      if index < buffer.count, buffer[index] == close {
        index += 1
        return true
      }
      while true {
        if keyed {
          skipSpace()
          guard index < buffer.count, buffer[index] == UInt8(ascii: "\""), string(into: &nodes) else { return false }
          skipSpace()
          guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { return false }
          index += 1
        }
        guard value(into: &nodes, depth: depth + 1) else { return false }
        skipSpace()
        guard index < buffer.count else { return false }
        let separator = buffer[index]
        index += 1
        if separator == close { return true }
        guard separator == UInt8(ascii: ",") else { return false }
      }
    }

    private mutating func literal(_ word: StaticString, _ kind: Kind, into nodes: inout [Node]) -> Bool {
      let count = word.utf8CodeUnitCount
      guard index + count <= buffer.count else { return false }
      for offset in 0..<count where buffer[index + offset] != word.utf8Start[offset] { return false }
      nodes.append(Node(kind: kind, start: index, end: index + count, next: nodes.count + 1))
      index += count
      return true
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    private mutating func number(into nodes: inout [Node]) -> Bool {
      let start = index
      func digits() -> Int {
        let from = index
        while index < buffer.count, (0x30...0x39).contains(buffer[index]) { index += 1 }
        return index - from
      }
      if index < buffer.count, buffer[index] == UInt8(ascii: "-") { index += 1 }
      guard index < buffer.count else { return false }
      if buffer[index] == UInt8(ascii: "0") {
        index += 1
      } else {
        guard digits() > 0 else { return false }
      }
      var kind = Kind.integer
      if index < buffer.count, buffer[index] == UInt8(ascii: ".") {
        index += 1
        guard digits() > 0 else { return false }
        kind = .number
      }
      if index < buffer.count, buffer[index] == UInt8(ascii: "e") || buffer[index] == UInt8(ascii: "E") {
        index += 1
        if index < buffer.count, buffer[index] == UInt8(ascii: "+") || buffer[index] == UInt8(ascii: "-") {
          index += 1
        }
        guard digits() > 0 else { return false }
        kind = .number
      }
      nodes.append(Node(kind: kind, start: start, end: index, next: nodes.count + 1))
      return true
    }

    /// A string from its opening quote: no raw control characters, only the escapes JSON defines.
    private mutating func string(into nodes: inout [Node]) -> Bool {
      index += 1
      let start = index
      var plain = true
      while index < buffer.count {
        let byte = buffer[index]
        switch byte {
        case UInt8(ascii: "\""):
          nodes.append(Node(kind: plain ? .plainString : .string, start: start, end: index, next: nodes.count + 1))
          index += 1
          return true
        case UInt8(ascii: "\\"):
          plain = false
          guard index + 1 < buffer.count else { return false }
          switch buffer[index + 1] {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"), UInt8(ascii: "u"):
            index += 2
          default:
            return false
          }
        case 0..<0x20:
          return false
        case 0x80...:
          plain = false
          index += 1
        default:
          index += 1
        }
      }
      return false
    }
  }
}
