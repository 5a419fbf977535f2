import Foundation

/// A JSON text parsed once into a flat array of nodes that point into its bytes, for decoding many photos at a
/// fraction of Foundation's `JSONDecoder` cost (its per-value bookkeeping is most of the CPU of reading a 60 000-photo
/// listing). Strings and numbers stay bytes until a model asks for them.
///
/// It is a fast path, never the only one: `decode` answers nil for anything it is not sure Foundation would decode
/// to the very same value (a number with a fraction asked for as an integer, a duplicate key, a lone surrogate,
/// invalid UTF-8, deep nesting, any decoding error), and the caller then decodes the same bytes with `JSONDecoder`,
/// which also words the error.
final class JSONTape {
  enum Kind: UInt8 {
    case null, `true`, `false`
    /// `-?digits`: no fraction, no exponent.
    case integer
    case number
    /// Printable ASCII without escapes: its bytes are its text.
    case plainString
    /// Escapes or bytes beyond ASCII: decoded (and checked) when asked for.
    case string
    case array, object
  }

  /// The text: borrowed from the caller while it decodes (``withTape(over:_:)``: an 8 MB answer is read where it
  /// lies, not copied), or owned (``init(_:tooManyValues:)``).
  let bytes: UnsafeBufferPointer<UInt8>
  private let owned: UnsafeMutableBufferPointer<UInt8>?
  private(set) var nodes: [Node] = []
  /// Set when a model asked for a value whose answer might differ from Foundation's; the result is then dropped.
  var unsure = false

  /// Deeper than any photo: beyond it, Foundation's decoder decides.
  static let maxDepth = 64

  /// More values than any answer holds (a sol's 25 000 photos are under a million): a page of 8 MB of `1,` is 4
  /// million, a tape of 64 MB and more again in Foundation's decoder. Past it the text is refused, not decoded.
  static let maxNodes = 2_000_000

  /// Nil when the text is not one JSON value (surrounded by white space only), nests too deeply, or holds more
  /// than ``maxNodes`` values (`tooManyValues` then says so).
  init?(_ bytes: [UInt8], tooManyValues: UnsafeMutablePointer<Bool>? = nil) {
    let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = copy.initialize(from: bytes)
    self.bytes = UnsafeBufferPointer(copy)
    owned = copy
    guard parse(tooManyValues: tooManyValues) else { return nil }
  }

  /// A tape over bytes it does not own: valid only while they are (inside the caller's `withUnsafeBytes`).
  private init?(borrowing bytes: UnsafeBufferPointer<UInt8>, tooManyValues: UnsafeMutablePointer<Bool>?) {
    self.bytes = bytes
    owned = nil
    guard parse(tooManyValues: tooManyValues) else { return nil }
  }

  deinit { owned?.deallocate() }

  /// Runs `body` with a tape over `data`'s own bytes (nil when the text is not one JSON value, see ``init(_:)``);
  /// the tape must not outlive `body`, whose results must not point into it (decoded values are copies).
  static func withTape<R>(
    over data: Data, tooManyValues: UnsafeMutablePointer<Bool>? = nil, _ body: (JSONTape?) throws -> R
  ) rethrows -> R {
    try data.withUnsafeBytes { raw in
      try body(JSONTape(borrowing: raw.bindMemory(to: UInt8.self), tooManyValues: tooManyValues))
    }
  }

  /// ``withTape(over:tooManyValues:_:)`` for an array's bytes.
  static func withTape<R>(over bytes: [UInt8], _ body: (JSONTape?) throws -> R) rethrows -> R {
    try bytes.withUnsafeBufferPointer { try body(JSONTape(borrowing: $0, tooManyValues: nil)) }
  }

  private func parse(tooManyValues: UnsafeMutablePointer<Bool>?) -> Bool {
    var nodes: [Node] = []
    // A value per 32 bytes: a real page (500 records of ~60 values in ~1 MB) fits without growing, while a page of
    // long strings no longer reserves 16 bytes a byte/8 (a 6 MB page of titles reserved 12.5 MB, a quarter of a
    // hostile listing's heap; issue 38). Denser texts grow the array as they go.
    nodes.reserveCapacity(min(bytes.count / 32, Self.maxNodes))
    guard bytes.count < Int(Int32.max) else { return false }
    var parser = Parser(buffer: bytes)
    let ok = parser.value(into: &nodes, depth: 0)
    tooManyValues?.pointee = parser.tooMany
    parser.skipSpace()
    guard ok, parser.index == bytes.count else { return false }
    self.nodes = nodes
    return true
  }

  // MARK: Values, for the containers

  func kind(_ node: Int) -> Kind { nodes[node].kind }

  /// Throws with `unsure` set: the caller's answer would only be a guess at Foundation's.
  func unsure(_ what: String) -> DecodingError {
    unsure = true
    return DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(what): left to JSONDecoder"))
  }

  func mismatch(_ type: Any.Type, _ node: Int) -> DecodingError {
    if nodes[node].kind == .null {
      return DecodingError.valueNotFound(type, .init(codingPath: [], debugDescription: "null"))
    }
    return DecodingError.typeMismatch(type, .init(codingPath: [], debugDescription: "\(nodes[node].kind)"))
  }

  /// A nested value. Foundation decodes these types from strings or numbers its own way (strategies): they are
  /// left to it.
  func decode<T: Decodable>(_ type: T.Type, at node: Int) throws -> T {
    if type == URL.self || type == Date.self || type == Data.self || type == Decimal.self { throw unsure("\(type)") }
    return try T(from: JSONTapeDecoder(tape: self, node: node))
  }

  func string(_ node: Int) throws -> String {
    let value = nodes[node]
    switch value.kind {
    case .plainString: return String(decoding: bytes[value.start..<value.end], as: UTF8.self)
    case .string:
      guard let text = JSONTape.unescape(bytes[value.start..<value.end]) else { throw unsure("string") }
      return text
    default: throw mismatch(String.self, node)
    }
  }

  func bool(_ node: Int) throws -> Bool {
    switch nodes[node].kind {
    case .true: return true
    case .false: return false
    default: throw mismatch(Bool.self, node)
    }
  }

  func integer<T: FixedWidthInteger>(_ type: T.Type, _ node: Int) throws -> T {
    let value = nodes[node]
    switch value.kind {
    case .integer:
      // The grammar was checked while parsing; only overflow is left, and Foundation words that itself.
      let negative = bytes[value.start] == UInt8(ascii: "-")
      var result: T = 0
      for byte in bytes[(negative ? value.start + 1 : value.start)..<value.end] {
        let (times, overflowA) = result.multipliedReportingOverflow(by: 10)
        let digit = T(byte &- 0x30)
        let (sum, overflowB) =
          negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
        guard !overflowA, !overflowB else { throw unsure("integer out of range") }
        result = sum
      }
      return result
    case .number: throw unsure("a fraction or exponent asked for as an integer")
    default: throw mismatch(type, node)
    }
  }

  func double(_ node: Int) throws -> Double {
    let value = nodes[node]
    switch value.kind {
    case .integer:
      guard let number = Double(String(decoding: bytes[value.start..<value.end], as: UTF8.self)) else {
        throw unsure("number")
      }
      return number
    case .number: throw unsure("a number with a fraction or exponent")
    default: throw mismatch(Double.self, node)
    }
  }

  /// Calls `body` with the key node of each member of an object, in order; the member's value is the node after.
  private func forEachMember(of object: Int, _ body: (_ key: Int) throws -> Void) rethrows {
    var child = object + 1
    let end = nodes[object].next
    while child < end {
      try body(child)
      child = nodes[child + 1].next
    }
  }

  /// The value node of `name` in an object, nil when absent. A key given twice is left to Foundation.
  func member(_ name: String, of object: Int) throws -> Int? {
    var found: Int?
    try forEachMember(of: object) { key in
      guard try self.key(key, equals: name) else { return }
      guard found == nil else { throw unsure("a key given twice") }
      found = key + 1
    }
    return found
  }

  /// How many members an object has, duplicates counted.
  /// The value's length in the text, brackets or quotes aside: what a record weighs before it is built.
  func byteCount(of node: Int) -> Int { nodes[node].end - nodes[node].start }

  func memberCount(of object: Int) -> Int {
    var count = 0
    forEachMember(of: object) { _ in count += 1 }
    return count
  }

  /// Every key of an object, in order.
  func keys(of object: Int) throws -> [String] {
    var names: [String] = []
    try forEachMember(of: object) { names.append(try string($0)) }
    guard Set(names).count == names.count else { throw unsure("a key given twice") }
    return names
  }

  /// The value nodes of an object's members, in order (those of `keys(of:)`).
  func values(of object: Int) -> [Int] {
    var indices: [Int] = []
    forEachMember(of: object) { indices.append($0 + 1) }
    return indices
  }

  /// The nodes of an array's elements.
  func elements(of array: Int) -> [Int] {
    var indices: [Int] = []
    var child = array + 1
    let end = nodes[array].next
    while child < end {
      indices.append(child)
      child = nodes[child].next
    }
    return indices
  }

  private func key(_ node: Int, equals name: String) throws -> Bool {
    let value = nodes[node]
    if value.kind == .string { return try string(node) == name }
    let count = value.end - value.start
    // Most keys asked for are not this one, and most differ in length: that is settled without touching a byte.
    guard name.utf8.count == count else { return false }
    guard count > 0 else { return true }
    // memcmp over the name's own bytes: the generic comparison of a UTF8View with a slice cost 4 K instructions a
    // photo (issue 39).
    let text = UnsafeBufferPointer(rebasing: bytes[value.start..<value.end])
    guard let start = text.baseAddress else { return false }
    return name.utf8.withContiguousStorageIfAvailable { own in
      own.baseAddress.map { memcmp($0, start, count) == 0 } ?? false
    } ?? name.utf8.elementsEqual(text)
  }

  /// A string's text from between its quotes, escapes resolved; nil for invalid UTF-8 or a lone surrogate.
  static func unescape(_ raw: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var index = raw.startIndex
    func hex4(_ at: Int) -> UInt32? {
      guard at + 4 <= raw.endIndex else { return nil }
      var value: UInt32 = 0
      for byte in raw[at..<at + 4] {
        let digit: UInt8
        switch byte {
        case 0x30...0x39: digit = byte - 0x30
        case 0x41...0x46: digit = byte - 0x41 + 10
        case 0x61...0x66: digit = byte - 0x61 + 10
        default: return nil
        }
        value = value << 4 | UInt32(digit)
      }
      return value
    }
    while index < raw.endIndex {
      let byte = raw[index]
      guard byte == UInt8(ascii: "\\") else {
        out.append(byte)
        index += 1
        continue
      }
      let escape = raw[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        guard var code = hex4(index) else { return nil }
        index += 4
        if (0xD800..<0xDC00).contains(code) {
          guard index + 6 <= raw.endIndex, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u"),
            let low = hex4(index + 2), (0xDC00..<0xE000).contains(low)
          else { return nil }
          index += 6
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(code) {
          return nil
        }
        guard let scalar = Unicode.Scalar(code) else { return nil }
        out.append(contentsOf: String(Character(scalar)).utf8)
      default: out.append(escape)  // `"`, `\` and `/`: the parser let no other through
      }
    }
    // Decoding repairs invalid UTF-8; a repaired string is not the one sent.
    let text = String(decoding: out, as: UTF8.self)
    return text.utf8.elementsEqual(out) ? text : nil
  }
}

extension JSONTape.Kind: CustomStringConvertible {
  /// The case's name, as reflection would print it, without reflection: a type mismatch is described on the
  /// normal path (a model trying one shape after another), and looking the name up at run time cost a quarter of a
  /// feed listing's CPU.
  var description: String {
    switch self {
    case .null: "null"
    case .true: "true"
    case .false: "false"
    case .integer: "integer"
    case .number: "number"
    case .plainString: "plainString"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }
}
