import Foundation

/// Compact JSON laid out as jq and most tools print it: two spaces a level, `"key": value`, one element a line, an
/// empty array or object as `[]` or `{}`. (Foundation's `.prettyPrinted` differs only in `"key" : value` and in
/// empty containers over three lines, on Linux.) Every pretty document rover writes is laid out here: one form
/// whatever wrote it, and `photos --json` lays out each photo from its compact line, because Foundation's encoder
/// took 130 µs a photo for the forty keys of a photo with frame metadata.
package enum PrettyJSON {
  /// `compact` (JSON without white space outside strings, as `PhotoJSONLine` and `JSONEncoder` write it) laid
  /// out with every line after the first indented by `indent` more spaces, as an element of an array is.
  package static func layout(_ compact: String, indent: Int = 0) -> String {
    let bytes = Array(compact.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    var depth = 0
    var inString = false
    var escaped = false
    func newline(_ level: Int) {
      out.append(0x0A)
      out.append(contentsOf: repeatElement(0x20, count: indent + 2 * level))
    }
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if inString {
        out.append(byte)
        if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
        continue
      }
      switch byte {
      case 0x22:
        inString = true
        out.append(byte)
      case 0x7B, 0x5B:
        let close: UInt8 = byte == 0x7B ? 0x7D : 0x5D
        out.append(byte)
        if index < bytes.count, bytes[index] == close {
          out.append(close)
          index += 1
        } else {
          depth += 1
          newline(depth)
        }
      case 0x7D, 0x5D:
        depth -= 1
        newline(depth)
        out.append(byte)
      case 0x2C:
        out.append(byte)
        newline(depth)
      case 0x3A:
        out.append(contentsOf: [0x3A, 0x20])
      default:
        out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `value` encoded (keys sorted, slashes as they are) and laid out by ``layout(_:indent:)``.
  /// - Throws: what `JSONEncoder` throws for a value it cannot encode.
  package static func encode<Value: Encodable>(_ value: Value, indent: Int = 0) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return layout(String(decoding: try encoder.encode(value), as: UTF8.self), indent: indent)
  }
}
